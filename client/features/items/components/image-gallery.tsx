import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing';
import { ITEM_PHOTO_SIZES, thumbnailOf } from '../../../../shared/item-display';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ItemImage } from './item-image';

addMessages('listing', englishMessages);

export function ImageGallery({ images, title }: { images: string[]; title: string }) {
  const { _ } = useI18n();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const current = images[index];

  return (
    <section
      aria-label={_('listing.photos')}
      aria-roledescription="carousel"
      className="flex flex-col gap-3"
    >
      <div className="relative overflow-hidden rounded-2xl border border-line bg-white">
        <ItemImage
          src={current}
          alt={count ? _('listing.photoAlt', { title, index: index + 1, count }) : ''}
          className="aspect-[4/3] w-full"
          fit="contain"
          width={800}
          height={600}
          sizes={ITEM_PHOTO_SIZES}
          priority
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label={_('listing.previousPhoto')}
              className="absolute start-3 top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              {/* Back and forth follow the reading direction: mirrored right to left. */}
              <ChevronLeft className="size-6 rtl:-scale-x-100" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label={_('listing.nextPhoto')}
              className="absolute end-3 top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              <ChevronRight className="size-6 rtl:-scale-x-100" aria-hidden />
            </button>
            <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
              {images.map((url, i) => (
                <button
                  key={url}
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={_('listing.showPhoto', { index: i + 1 })}
                  aria-current={i === index}
                  className={cn(
                    'size-2.5 rounded-full shadow',
                    i === index ? 'bg-brand-700' : 'bg-white/90',
                  )}
                />
              ))}
            </div>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="flex gap-2 overflow-x-auto pb-1">
          {images.map((url, i) => (
            <button
              key={url}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={_('listing.photo', { index: i + 1 })}
              aria-current={i === index}
              className={cn(
                'shrink-0 overflow-hidden rounded-lg border-2',
                i === index ? 'border-brand-700' : 'border-transparent',
              )}
            >
              <ItemImage src={thumbnailOf(url)} alt="" className="size-16" width={64} height={64} />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
