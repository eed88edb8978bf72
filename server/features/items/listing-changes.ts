import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
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

/** What several listeners of a change read of the listing: read once, or given by its writer. */
export type ListingFacts = {
  title: string;
  isActive: boolean;
  originUrl: string | null;
  originInstanceId: number | null;
};

/** What happened to a listing, as the features that derive data from listings hear it. */
export type ItemChange = {
  itemId: number;
  userId: string;
  kind: ListingChangeKind;
  /** The listing as it is in the change's transaction (undefined once it is gone), read once. */
  facts?: () => Promise<ListingFacts | undefined>;
};

/** The listing's facts as this change's listeners see them: shared by them, else read now. */
export function factsOf(tx: Transaction, change: ItemChange): Promise<ListingFacts | undefined> {
  return change.facts ? change.facts() : readFacts(tx, change.itemId);
}

async function readFacts(tx: Transaction, itemId: number): Promise<ListingFacts | undefined> {
  const [row] = await tx
    .select({
      title: items.title,
      isActive: items.isActive,
      originUrl: items.originUrl,
      originInstanceId: items.originInstanceId,
    })
    .from(items)
    .where(eq(items.id, itemId));
  return row;
}

/** Reads the facts on the first call only, for all the listeners of one change. */
function sharedFacts(tx: Transaction, itemId: number, given?: ListingFacts) {
  let facts: Promise<ListingFacts | undefined> | undefined = given && Promise.resolve(given);
  return () => {
    facts ??= readFacts(tx, itemId);
    return facts;
  };
}

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
  /** `facts`: the listing as the caller just wrote it, when it has it at hand (no read then). */
  listings: ReadonlyArray<{ id: number; userId: string; facts?: ListingFacts }>,
): Promise<void> {
  if (listings.length === 0) return;
  for (const listing of listings) {
    await ctx.hooks.emit(tx, 'item.changed', {
      itemId: listing.id,
      userId: listing.userId,
      kind,
      facts: sharedFacts(tx, listing.id, listing.facts),
    });
  }
  afterCommit(tx, () => ctx.events.itemsChanged());
}
