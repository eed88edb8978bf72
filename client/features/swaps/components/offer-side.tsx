import { useId } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offers';
import { thumbnailOf } from '../../../../shared/item-display';
import type { SwapItemSummary } from '../../../../shared/swaps';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ItemImage } from '../../items/components/item-image';

addMessages('offers', englishMessages);

/**
 * A listing's first photo, small. Its title beside it names the link, so the picture (or the
 * 'No image' in its place) is hidden from screen readers.
 */
function ListingThumbnail({ item }: { item: SwapItemSummary }) {
  return (
    <span aria-hidden className="shrink-0">
      <ItemImage
        src={item.images[0] && thumbnailOf(item.images[0])}
        alt=""
        className="size-12 rounded-lg text-[0px]"
        width={48}
        height={48}
      />
    </span>
  );
}

/** One listing an offer names: a link to it, or, deleted by its owner, its title with no link. */
function OfferListing({ item }: { item: SwapItemSummary }) {
  const { _ } = useI18n();
  if (item.isRemoved) {
    // The offer keeps its title and first photo, with nothing to open.
    return (
      <div className="flex min-w-0 items-center gap-2">
        <ListingThumbnail item={item} />
        <span className="min-w-0">
          <span className="block truncate font-semibold" title={item.title}>
            {item.title}
          </span>
          <span className="block text-xs text-muted">{_('offers.listingRemoved')}</span>
        </span>
      </div>
    );
  }
  return (
    <Link
      to={`/item/${item.id}`}
      title={item.title}
      className="flex min-w-0 items-center gap-2 rounded-lg hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ListingThumbnail item={item} />
      <span className="min-w-0 truncate font-semibold">{item.title}</span>
    </Link>
  );
}

/**
 * One side of an offer (SPEC §3's requested or offered item; issue 38: up to five), each listing
 * a thumbnail and its title linking to it, under its side's name ("Requested item"; a side of
 * several says "items" and how many).
 */
export function OfferSide({
  side,
  items,
}: {
  side: 'requested' | 'offered';
  items: readonly SwapItemSummary[];
}) {
  const { _ } = useI18n();
  const heading = _(side === 'requested' ? 'offers.side.requested' : 'offers.side.offered', {
    count: items.length,
  });
  const headingId = useId();
  return (
    <div className="min-w-0">
      <p id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {heading}
      </p>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{_('offers.side.removed')}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1.5" aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={item.id}>
              <OfferListing item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
