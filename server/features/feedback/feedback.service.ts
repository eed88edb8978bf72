import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Feedback, RatingStats } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { presentPublicUser, publicUserColumns } from '../users/public-user.js';

type NewFeedback = {
  toUserId: string;
  swapRequestId: number;
  rating: number;
  comment: string | null;
};

/** Only a party of a completed swap may rate the other party, once per swap. */
export async function createFeedback(
  ctx: AppContext,
  author: UserRow,
  input: NewFeedback,
): Promise<Feedback> {
  const [request] = await ctx.db
    .select()
    .from(swapRequests)
    .where(eq(swapRequests.id, input.swapRequestId))
    .limit(1);
  const isParty = request && (request.fromUserId === author.id || request.toUserId === author.id);
  if (!request || !isParty) throw new AppError(404, 'Swap request not found');
  if (request.status !== 'completed')
    throw new AppError(409, 'You can rate a swap once it is completed');
  const otherParty = request.fromUserId === author.id ? request.toUserId : request.fromUserId;
  if (input.toUserId !== otherParty)
    throw new AppError(400, 'You can only rate the other member of this swap');
  try {
    const [created] = await ctx.db
      .insert(feedback)
      .values({
        fromUserId: author.id,
        toUserId: otherParty,
        swapRequestId: request.id,
        rating: input.rating,
        comment: input.comment,
      })
      .returning({ id: feedback.id });
    if (!created) throw new Error('feedback insert returned nothing');
    const [row] = await feedbackQuery(ctx).where(eq(feedback.id, created.id));
    if (!row) throw new Error('feedback vanished');
    return presentFeedback(row);
  } catch (error) {
    if (uniqueViolation(error) === 'feedback_from_swap_idx')
      throw new AppError(409, 'You have already rated this swap');
    throw error;
  }
}

const givers = alias(users, 'givers');
const receivers = alias(users, 'receivers');

function feedbackQuery(ctx: AppContext) {
  return ctx.db
    .select({ feedback, fromUser: publicUserColumns(givers), toUser: publicUserColumns(receivers) })
    .from(feedback)
    .innerJoin(givers, eq(givers.id, feedback.fromUserId))
    .innerJoin(receivers, eq(receivers.id, feedback.toUserId));
}

function presentFeedback(
  row: Awaited<ReturnType<ReturnType<typeof feedbackQuery>['execute']>>[number],
): Feedback {
  return {
    id: row.feedback.id,
    fromUserId: row.feedback.fromUserId,
    toUserId: row.feedback.toUserId,
    swapRequestId: row.feedback.swapRequestId,
    rating: row.feedback.rating,
    comment: row.feedback.comment,
    createdAt: row.feedback.createdAt.toISOString(),
    fromUser: presentPublicUser(row.fromUser),
    toUser: presentPublicUser(row.toUser),
  };
}

/** Feedback a member received, newest first; `null` lists everyone's (admin). */
export async function feedbackFor(
  ctx: AppContext,
  userId: string | null,
  page: { limit: number; offset: number },
): Promise<Feedback[]> {
  const rows = await feedbackQuery(ctx)
    .where(userId === null ? undefined : eq(feedback.toUserId, userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(presentFeedback);
}

/** Averages to one decimal (SPEC §3); 0 with no ratings. */
export async function ratingStats(ctx: AppContext, userId: string): Promise<RatingStats> {
  const [row] = await ctx.db
    .select({
      averageRating: sql<string>`coalesce(round(avg(${feedback.rating})::numeric, 1), 0)`,
      totalRatings: sql<number>`count(*)::int`,
    })
    .from(feedback)
    .where(userId === null ? undefined : eq(feedback.toUserId, userId));
  return {
    averageRating: Number(row?.averageRating ?? 0),
    totalRatings: Number(row?.totalRatings ?? 0),
  };
}

/** Completed swaps the member took part in, on either side. */
export async function swapStats(ctx: AppContext, userId: string): Promise<{ totalSwaps: number }> {
  const [row] = await ctx.db
    .select({ totalSwaps: sql<number>`count(*)::int` })
    .from(swapRequests)
    .where(
      and(
        eq(swapRequests.status, 'completed'),
        or(eq(swapRequests.fromUserId, userId), eq(swapRequests.toUserId, userId)),
      ),
    );
  return { totalSwaps: Number(row?.totalSwaps ?? 0) };
}
