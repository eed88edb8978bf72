import type { ListingMode } from '../../../shared/item-display.js';
import type { AlertFrequency, AlertScope, SavedSearch } from '../../../shared/saved-searches.js';
import type { SavedSearchRow } from './saved-searches.queries.js';

/** A member's own alert as they see it (its place's coordinates stay on the server). */
export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    search: row.search,
    categoryId: row.categoryId,
    category:
      row.categoryId !== null && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName }
        : null,
    near: row.near,
    radiusKm: row.radiusKm,
    mode: row.mode as ListingMode | null,
    frequency: row.frequency as AlertFrequency,
    scope: row.scope as AlertScope,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
