import { eq, sql } from 'drizzle-orm';
import { DEFAULT_RADIUS_KM } from '../../../shared/items.js';
import type { Actor } from '../../../shared/policies/decision.js';
import {
  canChangeSavedSearch,
  canListSavedSearches,
  canSaveSearch,
} from '../../../shared/policies/saved-searches.js';
import {
  type CreateSavedSearch,
  SAVED_SEARCH_NOT_FOUND,
  type UpdateSavedSearch,
} from '../../../shared/saved-searches.js';
import type { AppContext } from '../../context.js';
import { categories } from '../../db/schema/catalog.js';
import { savedSearches } from '../../db/schema/saved-searches.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import { resolvePlace } from '../search/search.service.js';
import {
  countSavedSearches,
  findSavedSearch,
  findSavedSearches,
  type SavedSearchRow,
} from './saved-searches.queries.js';
import { compileStandingQuery } from './standing-query.js';

async function requireCategory(ctx: AppContext, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [found] = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!found) throw new AppError(400, 'Please select a category');
}

/** Place and radius as stored: a radius only with a place, 25 km unless chosen. */
async function placeColumns(ctx: AppContext, near: string | null, radiusKm: number | null) {
  if (!near) return { near: null, latitude: null, longitude: null, radiusKm: null };
  const point = await resolvePlace(ctx, near);
  return { near, ...point, radiusKm: radiusKm ?? DEFAULT_RADIUS_KM };
}

/** Saves a member's search as a want alert; returns its id. */
export async function createSavedSearch(
  ctx: AppContext,
  owner: Actor,
  input: CreateSavedSearch,
): Promise<number> {
  enforce(canSaveSearch(owner, 0));
  await requireCategory(ctx, input.categoryId);
  const place = await placeColumns(ctx, input.near, input.radiusKm);
  const compiled = await compileStandingQuery(ctx.db, input.search);
  return transact(ctx.db, async (tx) => {
    // One member's saves in turn, so two at once cannot both be the 50th.
    await tx.execute(sql`select id from users where id = ${owner.id} for update`);
    enforce(canSaveSearch(owner, await countSavedSearches(tx, owner.id)));
    const [created] = await tx
      .insert(savedSearches)
      .values({
        userId: owner.id,
        search: input.search,
        categoryId: input.categoryId,
        ...place,
        mode: input.mode,
        frequency: input.frequency,
        scope: input.scope,
        query: compiled.query,
        keys: compiled.keys,
      })
      .returning({ id: savedSearches.id });
    if (!created) throw new Error('saved search insert returned nothing');
    return created.id;
  });
}

export async function listSavedSearches(
  ctx: AppContext,
  viewer: Actor | null,
): Promise<SavedSearchRow[]> {
  enforce(canListSavedSearches(viewer));
  return viewer ? findSavedSearches(ctx.db, viewer.id) : [];
}

/** The member's own alert; to anyone else it does not exist. */
export async function loadSavedSearch(
  ctx: AppContext,
  viewer: Actor | null,
  id: number,
): Promise<SavedSearchRow> {
  const row = await findSavedSearch(ctx.db, id);
  enforce(canChangeSavedSearch(viewer, row));
  if (!row) throw new AppError(404, SAVED_SEARCH_NOT_FOUND);
  return row;
}

export async function updateSavedSearch(
  ctx: AppContext,
  actor: Actor,
  id: number,
  changes: UpdateSavedSearch,
): Promise<void> {
  const current = await loadSavedSearch(ctx, actor, id);
  const set: Partial<typeof savedSearches.$inferInsert> = { updatedAt: new Date() };
  if (changes.frequency !== undefined) set.frequency = changes.frequency;
  if (changes.scope !== undefined) set.scope = changes.scope;
  if (changes.mode !== undefined) set.mode = changes.mode;
  if (changes.categoryId !== undefined) {
    await requireCategory(ctx, changes.categoryId);
    set.categoryId = changes.categoryId;
  }
  if (changes.near !== undefined || changes.radiusKm !== undefined) {
    const near = changes.near !== undefined ? changes.near : current.near;
    const radiusKm = changes.radiusKm !== undefined ? changes.radiusKm : current.radiusKm;
    if (!near && radiusKm !== null && changes.radiusKm !== undefined)
      throw new AppError(400, 'radiusKm needs a place in near');
    Object.assign(set, await placeColumns(ctx, near, radiusKm));
  }
  if (changes.search !== undefined) {
    const compiled = await compileStandingQuery(ctx.db, changes.search);
    Object.assign(set, { search: changes.search, query: compiled.query, keys: compiled.keys });
  }
  await ctx.db.update(savedSearches).set(set).where(eq(savedSearches.id, current.id));
}

export async function deleteSavedSearch(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const current = await loadSavedSearch(ctx, actor, id);
  await ctx.db.delete(savedSearches).where(eq(savedSearches.id, current.id));
}
