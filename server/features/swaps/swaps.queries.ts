import { desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { feedback, messages, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { pickColumns, publicUserColumns } from '../users/public-user.js';

const fromUsers = alias(users, 'from_users');
const toUsers = alias(users, 'to_users');
const offeredItems = alias(items, 'offered_items');

const ITEM_SUMMARY_FIELDS = [
  'id',
  'title',
  'images',
  'condition',
  'isActive',
  'deletedAt',
  'userId',
] as const;

/** Requests with both items and both parties, plus what `viewerId` has not read or rated yet. */
export function selectSwapRequests(db: Database, viewerId: string) {
  return db
    .select({
      request: swapRequests,
      item: pickColumns(items, ITEM_SUMMARY_FIELDS),
      offeredItem: pickColumns(offeredItems, ITEM_SUMMARY_FIELDS),
      fromUser: publicUserColumns(fromUsers),
      toUser: publicUserColumns(toUsers),
      unreadCount: sql<number>`(select count(*)::int from ${messages} where ${messages.swapRequestId} = ${swapRequests.id} and ${messages.fromUserId} <> ${viewerId} and not ${messages.isRead})`,
      // At most one (a unique index on counter_of_id), found through that index.
      counteredById: sql<
        number | null
      >`(select c.id from ${swapRequests} c where c.counter_of_id = ${swapRequests.id})`,
      ratedByMe: sql<boolean>`exists (select 1 from ${feedback} where ${feedback.swapRequestId} = ${swapRequests.id} and ${feedback.fromUserId} = ${viewerId})`,
    })
    .from(swapRequests)
    .leftJoin(items, eq(items.id, swapRequests.itemId))
    .leftJoin(offeredItems, eq(offeredItems.id, swapRequests.offeredItemId))
    .innerJoin(fromUsers, eq(fromUsers.id, swapRequests.fromUserId))
    .innerJoin(toUsers, eq(toUsers.id, swapRequests.toUserId));
}

export type SwapRequestRow = Awaited<
  ReturnType<ReturnType<typeof selectSwapRequests>['execute']>
>[number];

export const involves = (userId: string): SQL =>
  or(eq(swapRequests.fromUserId, userId), eq(swapRequests.toUserId, userId)) as SQL;

export function findSwapRequestsFor(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
) {
  return selectSwapRequests(db, userId)
    .where(involves(userId))
    .orderBy(desc(swapRequests.updatedAt), desc(swapRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findSwapRequest(db: Database, id: number, viewerId: string) {
  const [row] = await selectSwapRequests(db, viewerId).where(eq(swapRequests.id, id)).limit(1);
  return row;
}

/** Messages with their authors; newest first from the database, handed back oldest first. */
function selectMessages(db: Database) {
  return db
    .select({ message: messages, fromUser: publicUserColumns() })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.fromUserId));
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

export async function findMessages(
  db: Database,
  swapRequestId: number,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await selectMessages(db)
    .where(eq(messages.swapRequestId, swapRequestId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findMessage(db: Database, id: number): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db).where(eq(messages.id, id));
  return row;
}

/** Every conversation's messages, newest first (SPEC §6: the admin's All Messages). */
export function findAllMessages(db: Database, page: { limit: number; offset: number }) {
  return selectMessages(db)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
}
