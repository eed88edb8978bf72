import { Package } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListingSummary } from '../../../../shared/matching';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { pictureSrcSet } from '../../../lib/images';
import { FreeBadge } from '../../items/components/free-badge';

/** The first picture's small version, or a parcel when there is none (or it fails to load). */
export function Thumbnail({ src, className }: { src: string | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  const box = cn('size-14 shrink-0 rounded-xl', className);
  if (!src || broken) {
    return (
      <div className={cn(box, 'flex items-center justify-center bg-stone-100 text-muted')}>
        <Package className="size-6" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={pictureSrcSet(src)}
      sizes="56px"
      width={56}
      height={56}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={cn(box, 'object-cover')}
    />
  );
}

/**
 * A listing as match and want cards show it: thumbnail, title (a link), "Free" for a give-away,
 * and its owner.
 */
export function ListingSummaryRow({
  listing,
  note,
  className,
  thumbnailClassName,
  showOwner = true,
}: {
  listing: ListingSummary;
  /** A short line under the title, e.g. "from Ann" or "you give". */
  note?: string;
  className?: string;
  thumbnailClassName?: string;
  showOwner?: boolean;
}) {
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <Thumbnail src={listing.thumbnail} className={thumbnailClassName} />
      <div className="min-w-0">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={`/item/${listing.id}`}
            className="block truncate font-semibold text-ink hover:text-brand-800 hover:underline"
          >
            {listing.title}
          </Link>
          {listing.mode === 'giveaway' && <FreeBadge className="shrink-0" />}
        </div>
        {note && <p className="truncate text-sm text-muted">{note}</p>}
        {showOwner && !note && (
          <p className="truncate text-sm text-muted">{displayName(listing.owner)}</p>
        )}
      </div>
    </div>
  );
}
