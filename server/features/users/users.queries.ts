import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';

/** How many events of each kind, and in all, a profile's Activity tab shows. */
export const ACTIVITY_LIMIT = 20;

/** A member's public events, one list per kind, each newest first. */
export async function findActivity(db: Database, userId: string) {
  const [listed, swapped, rated] = await Promise.all([
    db
      .select({ id: items.id, title: items.title, at: items.createdAt })
      .from(items)
      .where(and(eq(items.userId, userId), isNull(items.deletedAt)))
      .orderBy(desc(items.createdAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ at: swapRequests.updatedAt, itemId: items.id, title: items.title })
      .from(swapRequests)
      .leftJoin(items, eq(items.id, swapRequests.itemId))
      .where(
        and(
          eq(swapRequests.status, 'completed'),
          sql`(${swapRequests.fromUserId} = ${userId} or ${swapRequests.toUserId} = ${userId})`,
        ),
      )
      .orderBy(desc(swapRequests.updatedAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({
        at: feedback.createdAt,
        rating: feedback.rating,
        fromId: users.id,
        nickname: users.nickname,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.fromUserId))
      .where(eq(feedback.toUserId, userId))
      .orderBy(desc(feedback.createdAt))
      .limit(ACTIVITY_LIMIT),
  ]);
  return { listed, swapped, rated };
}

export type ActivityRows = Awaited<ReturnType<typeof findActivity>>;
