import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.featured';
import { isGiveaway, thumbnailOf } from '../../../../shared/item-display';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useItemList } from '../api/items';
import { conditionName } from '../display-names';
import { ItemImage } from './item-image';

// The header is on every page: this small area's English comes with the start chunk.
addMessages('featured', englishMessages);

export const FEATURED_COUNT = 20;
/** SPEC §4: rotates every 5 seconds when there is more than one item. */
export const FEATURED_ROTATION_MS = 5000;

/**
 * The header's strip. It fits whatever width its container (the header's centre, an
 * `@container`) has: below 23rem without its "Featured:" label, below 13rem with the title for
 * screen readers and as a tooltip only, below 7rem not at all. Nothing in it overflows its box.
 */
export function FeaturedCarousel() {
  const { data: items = [] } = useItemList({}, FEATURED_COUNT);
  const i18n = useI18n();
  const { _ } = i18n;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  const current = items[count ? index % count : 0];

  useEffect(() => {
    if (count <= 1 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), FEATURED_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (!current) {
    return (
      <p className="hidden min-w-0 items-center gap-2 whitespace-nowrap text-sm text-muted @min-[10rem]:flex">
        <span className="font-semibold">{_('featured.label')}</span> {_('featured.none')}
      </p>
    );
  }
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const arrow =
    'inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-brand-50';

  return (
    <section
      aria-label={_('featured.region')}
      aria-roledescription="carousel"
      className="hidden min-w-0 items-center gap-1.5 @min-[7rem]:flex"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="hidden shrink-0 whitespace-nowrap text-xs font-semibold uppercase tracking-wide text-muted @min-[23rem]:inline">
        {_('featured.label')}
      </span>
      {/* The dots run under the arrows too, wrapping onto a second row when the strip is narrow. */}
      <div className="flex min-w-0 flex-col items-center">
        <div className="flex min-w-0 max-w-full items-center gap-1">
          <button
            type="button"
            className={arrow}
            onClick={() => go(-1)}
            aria-label={_('featured.previous')}
          >
            {/* Points back: to the right in a right-to-left page. */}
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          </button>
          <Link
            to={`/item/${current.id}`}
            className="flex min-w-0 items-center gap-2 rounded-lg px-1 hover:bg-brand-50"
            title={current.title}
            aria-live={paused ? 'polite' : 'off'}
          >
            <ItemImage
              src={current.images[0] && thumbnailOf(current.images[0])}
              alt=""
              className="size-8 shrink-0 rounded-md text-[0px]"
              width={32}
              height={32}
            />
            <span className="min-w-0 @max-[13rem]:sr-only">
              <span className="block max-w-40 truncate text-sm font-semibold">{current.title}</span>
              <span className="block truncate text-xs text-muted">
                {isGiveaway(current) && (
                  <span className="font-semibold text-ink">{_('listing.free')} · </span>
                )}
                {conditionName(i18n, current.condition)}
              </span>
            </span>
          </Link>
          <button
            type="button"
            className={arrow}
            onClick={() => go(1)}
            aria-label={_('featured.next')}
          >
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </button>
        </div>
        {count > 1 && (
          <div className="mt-0.5 flex max-w-full flex-wrap justify-center gap-[3px]">
            {items.map((item, i) => (
              <button
                key={item.id}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={_('featured.dot', { index: i + 1, count })}
                aria-current={i === index % count}
                className={cn(
                  'size-1.5 rounded-full',
                  i === index % count ? 'bg-brand-700' : 'bg-stone-300',
                )}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
