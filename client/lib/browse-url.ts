import { DEFAULT_RADIUS_KM, isListingMode, MAX_RADIUS_KM } from '../../shared/item-display';
import { type BrowseSearch, browseParams } from './browse-params';

const positiveInt = (raw: string | null, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= max ? n : undefined;
};

/**
 * The browse page's search from its URL; a radius or distance sort without a place is dropped,
 * any scope but `local` means everywhere (the default), and a mode but `giveaway` or `swap`
 * means both.
 */
export function readBrowseSearch(params: URLSearchParams): BrowseSearch {
  const search = params.get('search')?.trim() || undefined;
  const categoryId = positiveInt(params.get('categoryId'));
  const near = params.get('near')?.trim() || undefined;
  const scope = params.get('scope') === 'local' ? 'local' : undefined;
  const asked = params.get('mode');
  const mode = isListingMode(asked) ? asked : undefined;
  if (!near) return { search, categoryId, ...(scope && { scope }), ...(mode && { mode }) };
  return {
    search,
    categoryId,
    near,
    radiusKm: positiveInt(params.get('radiusKm'), MAX_RADIUS_KM) ?? DEFAULT_RADIUS_KM,
    sort: params.get('sort') === 'distance' ? 'distance' : undefined,
    ...(scope && { scope }),
    ...(mode && { mode }),
  };
}

/** The browse page's address for a search. */
export function browseHref(s: BrowseSearch): string {
  const query = browseParams(s).toString();
  return query ? `/browse?${query}` : '/browse';
}
