import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { circleLegs, circles } from '../../db/schema/circles.js';
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

/** Completed swaps and swap circles the member took part in, on any side. */
export async function findSwapStats(db: Database, userId: string) {
  const { rows } = await db.execute<{ total: number }>(sql`
    select (select count(*) from ${swapRequests}
             where ${swapRequests.status} = 'completed'
               and (${swapRequests.fromUserId} = ${userId} or ${swapRequests.toUserId} = ${userId}))
         + (select count(*) from ${circleLegs} join ${circles} on ${circles.id} = ${circleLegs.circleId}
             where ${circleLegs.giverId} = ${userId} and ${circles.status} = 'completed')
           as total`);
  return { totalSwaps: Number(rows[0]?.total ?? 0) };
}
