import { resultCachePerServer } from '../../infra/result-cache.js';
import type { Facets } from './search.service.js';

/**
 * This server's browse and search pages (the JSON bytes GET /api/items sends) and facets, kept
 * for SEARCH_CACHE_MS (decision 005). What invalidates them: any change to what they show, said
 * by the triggers of migration 0022 (notices of kind `listings`: every column of a listing but its
 * derived ones, the owner's names, picture, verified address and suspension, ratings, category
 * names); server/kept-state-triggers.test.ts ties those columns to the pages' reads.
 */
export const keptPagesOf = resultCachePerServer<Buffer>({
  kind: 'listings',
  // A page of 24 listings is a few tens of KB.
  maxEntries: 500,
  ttlMs: (ctx) => ctx.config.searchCacheMs,
});

/** The facets of the same queries, kept and forgotten with the pages. */
export const keptFacetsOf = resultCachePerServer<Facets>({
  kind: 'listings',
  maxEntries: 500,
  ttlMs: (ctx) => ctx.config.searchCacheMs,
});
