import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { flaggedItems, items } from '../../db/schema/items.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { deleteImages } from '../images/images.service.js';
import { presentPublicUser, publicUserColumns } from '../users/public-user.js';

export async function reportItem(
  ctx: AppContext,
  reporter: UserRow,
  itemId: number,
  input: { reason: string; description: string | null },
): Promise<{ id: number; status: string }> {
  const [item] = await ctx.db
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item) throw new AppError(404, 'Item not found');
  if (item.userId === reporter.id) throw new AppError(400, 'You cannot report your own listing');
  try {
    const [created] = await ctx.db
      .insert(flaggedItems)
      .values({ userId: reporter.id, itemId, reason: input.reason, description: input.description })
      .returning({ id: flaggedItems.id, status: flaggedItems.status });
    if (!created) throw new Error('report insert returned nothing');
    return created;
  } catch (error) {
    if (uniqueViolation(error) === 'flagged_items_user_item_idx')
      throw new AppError(409, 'You have already reported this item');
    throw error;
  }
}

export async function listReports(ctx: AppContext) {
  const rows = await ctx.db
    .select({
      report: flaggedItems,
      item: { id: items.id, title: items.title, isActive: items.isActive },
      reporter: publicUserColumns(),
    })
    .from(flaggedItems)
    .innerJoin(items, eq(items.id, flaggedItems.itemId))
    .innerJoin(users, eq(users.id, flaggedItems.userId))
    .orderBy(desc(eq(flaggedItems.status, 'pending')), desc(flaggedItems.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.report.id,
    itemId: row.report.itemId,
    userId: row.report.userId,
    reason: row.report.reason,
    description: row.report.description,
    status: row.report.status,
    createdAt: row.report.createdAt.toISOString(),
    item: row.item,
    reporter: presentPublicUser(row.reporter),
  }));
}

/** Resolve or dismiss a pending report; resolving may take the item down, with its pictures. */
export async function resolveReport(
  ctx: AppContext,
  id: number,
  input: { status: 'resolved' | 'dismissed'; removeItem: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const [report] = await tx
      .update(flaggedItems)
      .set({ status: input.status })
      .where(and(eq(flaggedItems.id, id), eq(flaggedItems.status, 'pending')))
      .returning();
    if (!report) {
      const [exists] = await tx
        .select({ id: flaggedItems.id })
        .from(flaggedItems)
        .where(eq(flaggedItems.id, id));
      throw exists
        ? new AppError(409, 'This report was already handled')
        : new AppError(404, 'Report not found');
    }
    if (input.status === 'resolved' && input.removeItem) {
      const [removed] = await tx
        .delete(items)
        .where(eq(items.id, report.itemId))
        .returning({ images: items.images });
      if (removed) await deleteImages(tx, removed.images);
    }
    return {
      id: report.id,
      status: report.status,
      itemRemoved: input.status === 'resolved' && input.removeItem,
    };
  });
}
