import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { canSaveItems } from '../../../shared/policies/items.js';
import type { AppContext } from '../../context.js';
import { categories } from '../../db/schema/catalog.js';
import { instances } from '../../db/schema/federation.js';
import { items, savedItems } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { AppError, enforce } from '../../errors.js';
import { ITEM_NOT_FOUND } from '../items/items.service.js';
import { ITEM_FIELDS } from '../items/listing-reads.js';

export async function isSaved(ctx: AppContext, user: Actor, itemId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: savedItems.id })
    .from(savedItems)
    .where(and(eq(savedItems.userId, user.id), eq(savedItems.itemId, itemId)))
    .limit(1);
  return row !== undefined;
}

/** The ids of every listing the member saved, newest save first; the same rows `isSaved` reads. */
export async function savedItemIds(ctx: AppContext, user: Actor): Promise<number[]> {
  const rows = await ctx.db
    .select({ itemId: savedItems.itemId })
    .from(savedItems)
    .where(eq(savedItems.userId, user.id))
    .orderBy(desc(savedItems.id));
  return rows.map((row) => row.itemId);
}

/** Idempotent: saving twice keeps one entry. */
export async function saveItem(ctx: AppContext, user: Actor, itemId: number): Promise<void> {
  enforce(canSaveItems(user));
  const [item] = await ctx.db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, itemId), isNull(items.deletedAt)));
  if (!item) throw new AppError(404, ITEM_NOT_FOUND);
  await ctx.db.insert(savedItems).values({ userId: user.id, itemId }).onConflictDoNothing();
}

export async function unsaveItem(ctx: AppContext, user: Actor, itemId: number): Promise<void> {
  await ctx.db
    .delete(savedItems)
    .where(and(eq(savedItems.userId, user.id), eq(savedItems.itemId, itemId)));
}

export function listSaved(ctx: AppContext, user: Actor, page: { limit: number; offset: number }) {
  return ctx.db
    .select({ ...ITEM_FIELDS, saved: { id: savedItems.id, createdAt: savedItems.createdAt } })
    .from(savedItems)
    .innerJoin(items, eq(items.id, savedItems.itemId))
    .innerJoin(users, eq(users.id, items.userId))
    .leftJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(instances, eq(instances.id, items.originInstanceId))
    .where(and(eq(savedItems.userId, user.id), isNull(items.deletedAt)))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type SavedRow = Awaited<ReturnType<typeof listSaved>>[number];
