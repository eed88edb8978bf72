import { useId } from 'react';
import { Link } from 'react-router';
import { OFFER_SIDE_MAX } from '../../../../shared/swap-display';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/format';
import { bundleOfferLink, type OwnerBundle } from '../bundles';
import { ListingSummaryRow } from './listing-summary';

/**
 * Issue 38: several listings of one member the member wants, with one "Make an offer" for them
 * all (up to five), which opens the offer form with them asked for and the member's listings
 * that want them offered.
 */
export function BundleCard({ bundle }: { bundle: OwnerBundle }) {
  const titleId = useId();
  const owner = displayName(bundle.owner);
  const asked = Math.min(bundle.theirs.length, OFFER_SIDE_MAX);
  const offered = bundle.mine.slice(0, OFFER_SIDE_MAX);
  return (
    <Card role="group" aria-labelledby={titleId} className="flex flex-col gap-4 p-4">
      <p id={titleId} className="text-sm font-semibold text-brand-800">
        {bundle.theirs.length} of {owner}’s listings you want
      </p>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {bundle.theirs.map((listing) => (
          <li key={listing.id} className="min-w-0">
            <ListingSummaryRow listing={listing} showOwner={false} thumbnailClassName="size-12" />
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        For your {offered.length === 1 ? 'listing' : 'listings'}{' '}
        {offered.map((listing) => listing.title).join(', ')}
      </p>
      <Button asChild className="self-start">
        <Link to={bundleOfferLink(bundle.theirs, offered)}>
          {asked === bundle.theirs.length
            ? `Make an offer for these ${asked}`
            : `Make an offer for the first ${asked}`}
        </Link>
      </Button>
    </Card>
  );
}
