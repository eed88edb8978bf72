import { and, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { ChatPage } from '../../../shared/chat.js';
import type { Database } from '../../db/client.js';
import { oncePerDatabase } from '../../db/prepared.js';
import { items } from '../../db/schema/items.js';
import { feedback, messages, offerCounts, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { pickColumns, publicUserColumns } from '../users/public-user.js';

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

/**
 * Requests with both items and both parties, plus what `viewerId` has not read or rated yet. Each
 * party is read by its key through a lateral lookup: a plain join lets the planner hash every
 * member for a page of offers.
 */
export function selectSwapRequests(db: Database, viewerId: string | Placeholder) {
  const party = (column: AnyPgColumn, name: string) =>
    db.select(publicUserColumns(users)).from(users).where(eq(users.id, column)).limit(1).as(name);
  const fields = (p: ReturnType<typeof party>) => ({
    id: p.id,
    nickname: p.nickname,
    firstName: p.firstName,
    lastName: p.lastName,
    profileImageUrl: p.profileImageUrl,
    emailVerifiedAt: p.emailVerifiedAt,
  });
  const fromUsers = party(swapRequests.fromUserId, 'from_users');
  const toUsers = party(swapRequests.toUserId, 'to_users');
  return db
    .select({
      request: swapRequests,
      item: pickColumns(items, ITEM_SUMMARY_FIELDS),
      offeredItem: pickColumns(offeredItems, ITEM_SUMMARY_FIELDS),
      fromUser: fields(fromUsers),
      toUser: fields(toUsers),
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
    .innerJoinLateral(fromUsers, sql`true`)
    .innerJoinLateral(toUsers, sql`true`);
}

export type SwapRequestRow = Awaited<
  ReturnType<ReturnType<typeof selectSwapRequests>['execute']>
>[number];

export const involves = (userId: string): SQL =>
  or(eq(swapRequests.fromUserId, userId), eq(swapRequests.toUserId, userId)) as SQL;

type OffersPageShape = { afterBefore: boolean; withMember: boolean };

/**
 * The statement of a page of offers, prepared once per pooled connection (planning it cost more
 * than running it): the page's ids from the two (user, updated_at, id) indexes — or, for the
 * offers between the member and one other (`with`), from the (from, to, updated_at, id) index
 * both ways — each read no further than the page's end, then only those rows joined, in one
 * round trip.
 */
function offersPageStatement(db: Database, shape: OffersPageShape, name: string) {
  const userId = sql.placeholder('userId');
  const other = sql.placeholder('with');
  const after = shape.afterBefore
    ? sql` and (${swapRequests.updatedAt}, ${swapRequests.id}) < (select b.updated_at, b.id from ${swapRequests} b where b.id = ${sql.placeholder('before')})`
    : sql``;
  const side = (mine: AnyPgColumn, theirs: AnyPgColumn) => {
    const pair = shape.withMember ? sql` and ${theirs} = ${other}` : sql``;
    return sql`(select ${swapRequests.id}, ${swapRequests.updatedAt} from ${swapRequests} where ${mine} = ${userId}${pair}${after} order by ${swapRequests.updatedAt} desc, ${swapRequests.id} desc limit ${sql.placeholder('reach')})`;
  };
  const made = side(swapRequests.fromUserId, swapRequests.toUserId);
  const received = side(swapRequests.toUserId, swapRequests.fromUserId);
  const pageIds = sql`(select id from (${made} union ${received}) mine order by updated_at desc, id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`;
  return selectSwapRequests(db, userId)
    .where(inArray(swapRequests.id, pageIds))
    .orderBy(desc(swapRequests.updatedAt), desc(swapRequests.id))
    .prepare(name);
}

const offersPageStatements = oncePerDatabase((db) => ({
  first: offersPageStatement(db, { afterBefore: false, withMember: false }, 'offers_page'),
  before: offersPageStatement(db, { afterBefore: true, withMember: false }, 'offers_page_before'),
  firstWith: offersPageStatement(db, { afterBefore: false, withMember: true }, 'offers_page_with'),
  beforeWith: offersPageStatement(
    db,
    { afterBefore: true, withMember: true },
    'offers_page_before_with',
  ),
}));

export type OffersPage = { limit: number; offset: number; before?: number; with?: string };

/**
 * A member's offers, latest activity first; `before` (an offer's id) starts the page after that
 * offer's place, `with` keeps the offers between the member and that one other member. The cost
 * follows the page, not the history.
 */
export async function findSwapRequestsFor(db: Database, userId: string, page: OffersPage) {
  const statements = offersPageStatements(db);
  const values = {
    userId,
    with: page.with,
    reach: page.offset + page.limit,
    limit: page.limit,
    offset: page.offset,
    before: page.before,
  };
  const statement =
    page.with === undefined
      ? page.before === undefined
        ? statements.first
        : statements.before
      : page.before === undefined
        ? statements.firstWith
        : statements.beforeWith;
  return statement.execute(values);
}

/** How many offers the member has received and made, kept by a trigger (migration 0017). */
export async function countSwapRequestsFor(db: Database, userId: string) {
  const [row] = await db
    .select({ received: offerCounts.received, made: offerCounts.made })
    .from(offerCounts)
    .where(eq(offerCounts.userId, userId));
  return row ?? { received: 0, made: 0 };
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
 * The chat's page statements, prepared once per pooled connection like the offers' pages: a
 * page reads 10-50 rows along messages_swap_created_idx, and building and planning the query
 * cost more than running it. `before` starts the page before that message of the same chat.
 */
function chatPageStatement(db: Database, afterBefore: boolean, name: string) {
  const swapRequestId = sql.placeholder('swapRequestId');
  const before = afterBefore
    ? sql`(${messages.createdAt}, ${messages.id}) < (select b.created_at, b.id from ${messages} b where b.id = ${sql.placeholder('before')} and b.swap_request_id = ${swapRequestId})`
    : undefined;
  return selectMessages(db)
    .where(and(eq(messages.swapRequestId, swapRequestId), before))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

const chatPageStatements = oncePerDatabase((db) => ({
  latest: chatPageStatement(db, false, 'chat_page'),
  before: chatPageStatement(db, true, 'chat_page_before'),
}));

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
  const statements = chatPageStatements(db);
  const rows =
    page.before === undefined
      ? await statements.latest.execute({ swapRequestId, limit: page.limit })
      : await statements.before.execute({ swapRequestId, limit: page.limit, before: page.before });
  return rows.reverse();
}

/** The parties of an offer when `userId` is one of them (a prepared lookup by key). */
const partiesStatement = oncePerDatabase((db) =>
  db
    .select({ fromUserId: swapRequests.fromUserId, toUserId: swapRequests.toUserId })
    .from(swapRequests)
    .where(
      and(
        eq(swapRequests.id, sql.placeholder('swapRequestId')),
        or(
          eq(swapRequests.fromUserId, sql.placeholder('userId')),
          eq(swapRequests.toUserId, sql.placeholder('userId')),
        ),
      ),
    )
    .limit(1)
    .prepare('offer_parties'),
);

export async function findPartiesOf(db: Database, swapRequestId: number, userId: string) {
  const [row] = await partiesStatement(db).execute({ swapRequestId, userId });
  return row;
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
