import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from '../../shared/item-display';

/** What the browse page searches for, as its URL spells it (and GET /api/items takes it). */
export type BrowseSearch = {
  search?: string;
  categoryId?: number;
  /** A town the gazetteer knows, or `lat,lon` from the browser's location. */
  near?: string;
  radiusKm?: number;
  sort?: 'newest' | 'distance';
};

const positiveInt = (raw: string | null, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= max ? n : undefined;
};

/** The browse page's search from its URL; a radius or distance sort without a place is dropped. */
export function readBrowseSearch(params: URLSearchParams): BrowseSearch {
  const search = params.get('search')?.trim() || undefined;
  const categoryId = positiveInt(params.get('categoryId'));
  const near = params.get('near')?.trim() || undefined;
  if (!near) return { search, categoryId };
  return {
    search,
    categoryId,
    near,
    radiusKm: positiveInt(params.get('radiusKm'), MAX_RADIUS_KM) ?? DEFAULT_RADIUS_KM,
    sort: params.get('sort') === 'distance' ? 'distance' : undefined,
  };
}

/** URL parameters for a search (the browse page's and the API's are the same names). */
export function browseParams(s: BrowseSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (s.search) params.set('search', s.search);
  if (s.categoryId) params.set('categoryId', String(s.categoryId));
  if (s.near) {
    params.set('near', s.near);
    params.set('radiusKm', String(s.radiusKm ?? DEFAULT_RADIUS_KM));
    if (s.sort === 'distance') params.set('sort', 'distance');
  }
  return params;
}

export function browseHref(s: BrowseSearch): string {
  const query = browseParams(s).toString();
  return query ? `/browse?${query}` : '/browse';
}
