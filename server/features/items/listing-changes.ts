import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { afterCommit } from '../../db/transact.js';

/**
 * created: a new listing; updated: its text, wants or category changed; deactivated: off the
 * market (swapped, marked unavailable, its owner suspended); reactivated: back on it; deleted;
 * reserved: promised to a trade in progress (an accepted offer), released: free again (that
 * trade cancelled or closed). A reserved listing stays on the market, so nothing derived from
 * listings changes with the last two; pages that show it learn it is (no longer) promised.
 */
export type ListingChangeKind =
  | 'created'
  | 'updated'
  | 'deactivated'
  | 'reactivated'
  | 'deleted'
  | 'reserved'
  | 'released';

/** What happened to a listing, as the features that derive data from listings hear it. */
export type ItemChange = { itemId: number; userId: string; kind: ListingChangeKind };

/** An admin upheld a report on a listing and took it down. */
export type ListingRemoved = { itemId: number; ownerId: string; title: string; reason: string };

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'item.changed': ItemChange;
    'listing.removed': ListingRemoved;
  }
}

/**
 * The one path for a change to listings, called inside the change's transaction (opened with
 * `transact`) by whatever made it: a listing written, traded, reserved for good, deleted, or its
 * owner suspended. In that transaction, every feature that derives data from listings (the want
 * graph, want alerts, circles on the listing) hears `item.changed`, so what it derives commits or
 * rolls back with the change. Once committed, this server forgets the pages and listings it
 * keeps (each cache subscribes to `itemsChanged` next to itself) and members' open pages are
 * told, throttled. What other servers keep is bounded by SEARCH_CACHE_MS, and search rankings
 * follow the `item_changes` log the database's triggers fill (decision 005).
 */
export async function listingsChanged(
  ctx: AppContext,
  tx: Transaction,
  kind: ListingChangeKind,
  listings: ReadonlyArray<{ id: number; userId: string }>,
): Promise<void> {
  if (listings.length === 0) return;
  for (const listing of listings) {
    await ctx.hooks.emit(tx, 'item.changed', { itemId: listing.id, userId: listing.userId, kind });
  }
  afterCommit(tx, () => ctx.events.itemsChanged());
}
