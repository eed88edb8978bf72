import type { ItemsQuery } from '../../../shared/items.js';
import { presentItem } from '../items/items.presenter.js';
import type { ItemRow } from '../items/listing-reads.js';

/** The diagnostics pages' answer: the same search, with what was asked and how long it took. */
export function presentDebugSearch(rows: ItemRow[], query: ItemsQuery, durationMs: number) {
  return {
    items: rows.map((row) => presentItem(row, { summary: true })),
    searchParams: {
      search: query.search ?? null,
      categoryId: query.categoryId ?? null,
      userId: query.userId ?? null,
      location: query.location ?? null,
      condition: query.condition ?? null,
      limit: query.limit,
      offset: query.offset,
    },
    debug: { count: rows.length, durationMs: Math.round(durationMs * 10) / 10 },
  };
}
