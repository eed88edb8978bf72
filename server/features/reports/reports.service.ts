import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { canReportItem, canResolveReport } from '../../../shared/policies/reports.js';
import type { AppContext } from '../../context.js';
import { flaggedItems, items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import { deleteItem, ITEM_NOT_FOUND } from '../items/items.service.js';
import { publicUserColumns } from '../users/public-user.js';

/** A member reports a listing to the admins, once. */
export async function reportItem(
  ctx: AppContext,
  reporter: Actor,
  itemId: number,
  input: { reason: string; description: string | null },
): Promise<{ id: number; status: string }> {
  const [item] = await ctx.db
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(and(eq(items.id, itemId), isNull(items.deletedAt)));
  if (!item) throw new AppError(404, ITEM_NOT_FOUND);
  enforce(canReportItem(reporter, item));
  try {
    return await transact(ctx.db, async (tx) => {
      const [created] = await tx
        .insert(flaggedItems)
        .values({
          userId: reporter.id,
          itemId,
          reason: input.reason,
          description: input.description,
        })
        .returning({ id: flaggedItems.id, status: flaggedItems.status });
      if (!created) throw new Error('report insert returned nothing');
      await ctx.hooks.emit(tx, 'report.filed', { kind: 'listing', itemId, ...input });
      return created;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'flagged_items_user_item_idx')
      throw new AppError(409, 'You have already reported this item');
    throw error;
  }
}

/** The admin's queue (members' reports and the site's flags): pending first, then the newest. */
export function findReports(ctx: AppContext) {
  return (
    ctx.db
      .select({
        report: flaggedItems,
        item: { id: items.id, title: items.title, isActive: items.isActive, images: items.images },
        reporter: publicUserColumns(),
      })
      .from(flaggedItems)
      .innerJoin(items, eq(items.id, flaggedItems.itemId))
      // The site's own flags have no reporter (issue 40 §3).
      .leftJoin(users, eq(users.id, flaggedItems.userId))
      .orderBy(desc(eq(flaggedItems.status, 'pending')), desc(flaggedItems.createdAt))
      .limit(200)
  );
}

export type ReportRow = Awaited<ReturnType<typeof findReports>>[number];

/**
 * Resolves or dismisses a pending report; resolving may take the listing down, through the same
 * deletion its owner would use (pictures and all).
 */
export async function resolveReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { status: 'resolved' | 'dismissed'; removeItem: boolean },
) {
  enforce(canResolveReport(actor));
  const [report] = await ctx.db
    .update(flaggedItems)
    .set({ status: input.status })
    .where(and(eq(flaggedItems.id, id), eq(flaggedItems.status, 'pending')))
    .returning();
  if (!report) {
    const [exists] = await ctx.db
      .select({ id: flaggedItems.id })
      .from(flaggedItems)
      .where(eq(flaggedItems.id, id));
    throw exists
      ? new AppError(409, 'This report was already handled')
      : new AppError(404, 'Report not found');
  }
  const itemRemoved = input.status === 'resolved' && input.removeItem;
  // A listing its owner (or another report) has removed already stays removed.
  if (itemRemoved) {
    await deleteItem(ctx, actor, report.itemId, `Reported: ${report.reason}`).catch(
      (error: unknown) => {
        if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      },
    );
  }
  return { id: report.id, status: report.status, itemRemoved };
}
