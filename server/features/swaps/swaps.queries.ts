import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatPage } from '../../../shared/chat.js';
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
      // Read from the partial index of unread messages: the count never walks read history.
      unreadCount: sql<number>`(select count(*)::int from ${messages} where ${messages.swapRequestId} = ${swapRequests.id} and not ${messages.isRead} and ${messages.fromUserId} <> ${viewerId})`,
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

/**
 * A member's offers, latest activity first. The page's ids come from the two indexes that hold
 * the member's sent and received offers in this order (swap_requests_{from,to}_updated_idx), each
 * read no further than the page's end, so the cost follows the page, not the history; `before`
 * (an offer's id) starts the page after that offer's place. Only then are the page's rows joined.
 */
export async function findSwapRequestsFor(
  db: Database,
  userId: string,
  page: { limit: number; offset: number; before?: number },
) {
  const reach = page.offset + page.limit;
  const after = page.before
    ? sql`(${swapRequests.updatedAt}, ${swapRequests.id}) < (select b.updated_at, b.id from ${swapRequests} b where b.id = ${page.before})`
    : undefined;
  const side = (column: typeof swapRequests.fromUserId | typeof swapRequests.toUserId) =>
    sql`(select ${swapRequests.id}, ${swapRequests.updatedAt}, ${swapRequests.fromUserId}, ${swapRequests.toUserId} from ${swapRequests} where ${column} = ${userId}${after ? sql` and ${after}` : sql``} order by ${swapRequests.updatedAt} desc, ${swapRequests.id} desc limit ${reach})`;
  const { rows } = await db.execute<{ id: number; from_user_id: string; to_user_id: string }>(
    sql`select id, from_user_id, to_user_id from (${side(swapRequests.fromUserId)} union ${side(swapRequests.toUserId)}) mine order by updated_at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  if (!rows.length) return [];
  // The parties are named too, so both joins read the page's members by their ids rather than
  // hashing the whole members table.
  const people = [...new Set(rows.flatMap((r) => [r.from_user_id, r.to_user_id]))];
  return selectSwapRequests(db, userId)
    .where(
      and(
        inArray(
          swapRequests.id,
          rows.map((r) => Number(r.id)),
        ),
        inArray(fromUsers.id, people),
        inArray(toUsers.id, people),
      ),
    )
    .orderBy(desc(swapRequests.updatedAt), desc(swapRequests.id));
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

/**
 * A page of an offer's chat, oldest first: the latest `limit` messages, or the `limit` before the
 * message `before` (read backwards along messages_swap_created_idx, however long the chat; a
 * `before` from another chat finds nothing).
 */
export async function findMessages(
  db: Database,
  swapRequestId: number,
  page: ChatPage,
): Promise<MessageRow[]> {
  const rows = await selectMessages(db)
    .where(
      and(
        eq(messages.swapRequestId, swapRequestId),
        page.before === undefined
          ? undefined
          : sql`(${messages.createdAt}, ${messages.id}) < (select b.created_at, b.id from ${messages} b where b.id = ${page.before} and b.swap_request_id = ${swapRequestId})`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit);
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
