import { resultCachePerServer } from '../../infra/result-cache.js';
import type { ItemRow } from './listing-reads.js';

/** A listing as GET /api/items/:id answers it: its row (for each viewer's checks) and its bytes. */
export type KeptListing = { row: ItemRow; body: Buffer } | null;

/**
 * This server's listings (GET /api/items/:id and the item page's inlined JSON), kept for
 * SEARCH_CACHE_MS like the pages, and forgotten with them: any change to what a listing shows
 * (the triggers of migration 0022, notices of kind `listings`).
 */
export const listingCacheOf = resultCachePerServer<KeptListing>({
  kind: 'listings',
  // A row and its JSON, a few KB each.
  maxEntries: 5000,
  ttlMs: (ctx) => ctx.config.searchCacheMs,
});
