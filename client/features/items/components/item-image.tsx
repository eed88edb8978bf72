import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.featured';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { pictureSrcSet } from '../../../lib/images';
import { useI18n } from '../../../lib/use-i18n';

// 'No image' is in the header's area (the featured strip shows pictures too).
addMessages('featured', englishMessages);

/**
 * A picture that hides itself when broken (SPEC §8), showing the 'No image' placeholder instead.
 * `width` × `height` is the box it is drawn in (its aspect ratio, so nothing moves as it loads);
 * `sizes` how wide it is drawn, for the browser to pick the thumbnail or the full picture.
 * `priority`: above the fold on its page (the item page's photo), fetched at once.
 */
export function ItemImage({
  src,
  alt,
  className,
  width,
  height,
  sizes = `${width}px`,
  priority = false,
  fit = 'cover',
}: {
  src: string | undefined;
  alt: string;
  className?: string;
  width: number;
  height: number;
  sizes?: string;
  priority?: boolean;
  /** Cropped to fill the box, or whole inside it. */
  fit?: 'cover' | 'contain';
}) {
  const [broken, setBroken] = useState(false);
  const { _ } = useI18n();
  if (!src || broken) {
    return (
      <div
        className={cn(
          'flex flex-col items-center justify-center gap-1 bg-stone-100 text-sm text-muted',
          className,
        )}
      >
        <ImageOff className="size-6" aria-hidden />
        {_('listing.noImage')}
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={pictureSrcSet(src)}
      sizes={pictureSrcSet(src) ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setBroken(true)}
      className={cn(fit === 'cover' ? 'object-cover' : 'object-contain', className)}
    />
  );
}
