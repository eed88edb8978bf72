import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { categories } from '../../db/schema/catalog.js';
import { savedSearches } from '../../db/schema/saved-searches.js';

const FIELDS = {
  id: savedSearches.id,
  userId: savedSearches.userId,
  search: savedSearches.search,
  categoryId: savedSearches.categoryId,
  categoryName: categories.name,
  near: savedSearches.near,
  radiusKm: savedSearches.radiusKm,
  mode: savedSearches.mode,
  frequency: savedSearches.frequency,
  scope: savedSearches.scope,
  createdAt: savedSearches.createdAt,
  updatedAt: savedSearches.updatedAt,
};

function select(db: Executor) {
  return db
    .select(FIELDS)
    .from(savedSearches)
    .leftJoin(categories, eq(categories.id, savedSearches.categoryId));
}

export type SavedSearchRow = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/** A member's alerts, oldest first (the order they were made in). */
export function findSavedSearches(db: Executor, userId: string): Promise<SavedSearchRow[]> {
  return select(db)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function findSavedSearch(db: Executor, id: number) {
  const [row] = await select(db).where(eq(savedSearches.id, id)).limit(1);
  return row;
}

export async function countSavedSearches(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId)));
  return row?.n ?? 0;
}
