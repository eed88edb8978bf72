import type { ReactNode } from 'react';
import type { Item } from '../../../../shared/items';
import { OFFER_SIDE_MAX } from '../listing-pick';
import { ListingChoiceRow, ListingPicker } from './listing-picker';

type Side = {
  listings: readonly Item[];
  picked: readonly number[];
  onToggle: (id: number) => void;
  isPending: boolean;
};

/**
 * "You ask for": the listing the offer was opened on, always, and up to four more of its owner's
 * listings (issue 38: 1–5 a side, all of one member).
 */
export function AskedListings({ item, owner, ...side }: Side & { item: Item; owner: string }) {
  const count = side.picked.length + 1;
  return (
    <ListingPicker
      {...side}
      legend="You ask for"
      max={OFFER_SIDE_MAX - 1}
      status={`${count} of ${OFFER_SIDE_MAX} listings`}
      empty={`${owner} has no other listings to add.`}
    >
      <div className="mb-2 flex items-center gap-3 rounded-xl border border-brand-600 bg-brand-50/60 p-2">
        <ListingChoiceRow item={item} note="The listing you opened" />
      </div>
      <p className="mb-1.5 text-sm">Add more of {owner}’s listings (Optional)</p>
    </ListingPicker>
  );
}

/** "Your listings to offer (Optional)": 0–5 of the member's own listings, free to trade. */
export function OfferedListings({
  empty = 'You have no listings free to offer: describe what you offer below instead.',
  ...side
}: Side & { empty?: string }) {
  return (
    <ListingPicker
      {...side}
      legend="Your listings to offer (Optional)"
      max={OFFER_SIDE_MAX}
      status={`${side.picked.length} of ${OFFER_SIDE_MAX} chosen`}
      empty={empty}
    />
  );
}

/** Titles in bold, joined as a sentence says them: “A”, “A and B”, “A, B and C”. */
function Titles({ items }: { items: readonly Item[] }) {
  const parts: ReactNode[] = [];
  items.forEach((item, i) => {
    if (i > 0) parts.push(i === items.length - 1 ? ' and ' : ', ');
    parts.push(<strong key={item.id}>{item.title}</strong>);
  });
  return <>{parts}</>;
}

/** What the offer will name, in a sentence, just above the send button. */
export function OfferSummary({
  asked,
  offered,
}: {
  asked: readonly Item[];
  offered: readonly Item[];
}) {
  if (asked.length <= 1 && offered.length === 0) return null;
  return (
    <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="summary">
      {asked.length > 1 && (
        <>
          You ask for <Titles items={asked} />.{' '}
        </>
      )}
      {offered.length > 0 && (
        <>
          You offer your {offered.length === 1 ? 'listing' : 'listings'} <Titles items={offered} />{' '}
          in exchange.
        </>
      )}
    </p>
  );
}
