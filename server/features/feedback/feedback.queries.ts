import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { publicUserColumns } from '../users/public-user.js';

const givers = alias(users, 'givers');
const receivers = alias(users, 'receivers');

function selectFeedback(db: Database) {
  return db
    .select({ feedback, fromUser: publicUserColumns(givers), toUser: publicUserColumns(receivers) })
    .from(feedback)
    .innerJoin(givers, eq(givers.id, feedback.fromUserId))
    .innerJoin(receivers, eq(receivers.id, feedback.toUserId));
}

export type FeedbackRow = Awaited<ReturnType<ReturnType<typeof selectFeedback>['execute']>>[number];

export async function findFeedback(db: Database, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await selectFeedback(db).where(eq(feedback.id, id));
  return row;
}

/** Feedback a member received, newest first; `null` lists everyone's (admin). */
export function findFeedbackFor(
  db: Database,
  userId: string | null,
  page: { limit: number; offset: number },
): Promise<FeedbackRow[]> {
  return selectFeedback(db)
    .where(userId === null ? undefined : eq(feedback.toUserId, userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Averages to one decimal (SPEC §3); 0 with no ratings. */
export async function findRatingStats(db: Database, userId: string) {
  const [row] = await db
    .select({
      averageRating: sql<string>`coalesce(round(avg(${feedback.rating})::numeric, 1), 0)`,
      totalRatings: sql<number>`count(*)::int`,
    })
    .from(feedback)
    .where(eq(feedback.toUserId, userId));
  return {
    averageRating: Number(row?.averageRating ?? 0),
    totalRatings: Number(row?.totalRatings ?? 0),
  };
}

/** Completed swaps the member took part in, on either side. */
export async function findSwapStats(db: Database, userId: string) {
  const [row] = await db
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
