import { DEFAULT_RADIUS_KM, type ListingMode } from '../../shared/item-display';

/** What the browse page searches for, as its URL spells it (and GET /api/items takes it). */
export type BrowseSearch = {
  search?: string;
  categoryId?: number;
  /** A town the gazetteer knows, or `lat,lon` from the browser's location. */
  near?: string;
  radiusKm?: number;
  sort?: 'newest' | 'distance';
  /** `local`: this community's listings only; unset, listings of followed communities too. */
  scope?: 'local';
  /** `giveaway`: free listings only; `swap`: swaps only; unset, both. */
  mode?: ListingMode;
};

/**
 * URL parameters for a search: the browse page's (browse-url.ts) and GET /api/items' are the same
 * names (features/items/api/items.ts adds a member, a page size and an offset). On its own,
 * apart from browse-url.ts: the listings queries, loaded on every page, need it and none of the rest.
 */
export function browseParams(s: BrowseSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (s.search) params.set('search', s.search);
  if (s.categoryId) params.set('categoryId', String(s.categoryId));
  if (s.near) {
    params.set('near', s.near);
    params.set('radiusKm', String(s.radiusKm ?? DEFAULT_RADIUS_KM));
    if (s.sort === 'distance') params.set('sort', 'distance');
  }
  // Everywhere is the default and goes unsaid, so every address from before stays the same.
  if (s.scope === 'local') params.set('scope', 'local');
  // Both kinds are the default and go unsaid, like everywhere.
  if (s.mode) params.set('mode', s.mode);
  return params;
}
