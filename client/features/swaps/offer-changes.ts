import type { SwapItemSummary, SwapRequest } from '../../../shared/swaps';

/** A listing a counter-offer added or removed: its summary, or only its id when not loaded. */
export type ChangedListing = { id: number; listing: SwapItemSummary | null };
export type SideChanges = { added: ChangedListing[]; removed: ChangedListing[] };

/**
 * What a counter-offer changed against the offer it counters, per side of the counter (its
 * `items`, asked for, and its `offeredItems`), as listings: the added ones are on the counter
 * itself; the removed ones on the countered offer, when the member has it loaded (`previous`, on
 * either of its sides: a counter swaps them). Null for an opening offer.
 */
export function offerChanges(
  request: SwapRequest,
  previous: SwapRequest | undefined,
): { items: SideChanges; offeredItems: SideChanges } | null {
  const { changes } = request;
  if (!changes) return null;
  const known = new Map<number, SwapItemSummary>();
  if (previous && previous.id === request.counterOfId)
    for (const listing of [...previous.items, ...previous.offeredItems])
      known.set(listing.id, listing);
  const side = (ids: { added: number[]; removed: number[] }, now: readonly SwapItemSummary[]) => ({
    added: ids.added.map((id) => ({ id, listing: now.find((l) => l.id === id) ?? null })),
    removed: ids.removed.map((id) => ({ id, listing: known.get(id) ?? null })),
  });
  return {
    items: side(changes.items, request.items),
    offeredItems: side(changes.offeredItems, request.offeredItems),
  };
}
