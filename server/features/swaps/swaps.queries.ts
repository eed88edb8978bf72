import { and, asc, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { ChatPage } from '../../../shared/chat.js';
import type { Database, Executor } from '../../db/client.js';
import { oncePerDatabase, queryPrepared } from '../../db/prepared.js';
import { items } from '../../db/schema/items.js';
import {
  feedback,
  messages,
  offerCounts,
  swapRequestItems,
  swapRequests,
} from '../../db/schema/swaps.js';
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
  'mode',
  'giveawaySince',
  'fairChanceHours',
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

export type OfferSide = 'asked' | 'offered';
export type ListingColumns = NonNullable<SwapRequestRow['item']>;

/** Every listing of `requestIds`' offers, by offer, side and place. */
export async function findOfferListings(db: Executor, requestIds: readonly number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({
      requestId: swapRequestItems.requestId,
      side: swapRequestItems.side,
      item: pickColumns(items, ITEM_SUMMARY_FIELDS),
    })
    .from(swapRequestItems)
    .innerJoin(items, eq(items.id, swapRequestItems.itemId))
    .where(inArray(swapRequestItems.requestId, [...requestIds]))
    .orderBy(
      asc(swapRequestItems.requestId),
      asc(swapRequestItems.side),
      asc(swapRequestItems.position),
    );
}

/** The listing ids of an offer's two sides, in order (what a move locks, what a counter changes). */
export async function findOfferSides(
  db: Executor,
  requestId: number,
): Promise<{ itemIds: number[]; offeredItemIds: number[] }> {
  const rows = await db
    .select({ side: swapRequestItems.side, itemId: swapRequestItems.itemId })
    .from(swapRequestItems)
    .where(eq(swapRequestItems.requestId, requestId))
    .orderBy(asc(swapRequestItems.side), asc(swapRequestItems.position));
  return {
    itemIds: rows.filter((row) => row.side === 'asked').map((row) => row.itemId),
    offeredItemIds: rows.filter((row) => row.side === 'offered').map((row) => row.itemId),
  };
}

/** An offer as the presenter shapes it: its row, both sides' listings, and the countered sides. */
export type OfferRow = SwapRequestRow & {
  items: ListingColumns[];
  offeredItems: ListingColumns[];
  /** The sides of the offer this one counters, or null for an opening offer. */
  countered: { itemIds: number[]; offeredItemIds: number[] } | null;
};

export const involves = (userId: string): SQL =>
  or(eq(swapRequests.fromUserId, userId), eq(swapRequests.toUserId, userId)) as SQL;

export type OffersPage = { limit: number; offset: number; before?: number; with?: string };

/**
 * The ids of a page of the member's offers, latest activity first: from the two
 * (user, updated_at, id) indexes — or, for the offers between the member and one other (`with`),
 * from the (from, to, updated_at, id) index both ways — each read no further than the page's end
 * (`reach` = offset + limit), so the cost follows the page, not the history. `before` (an offer's
 * id, one of the member's; any other gives an empty page) starts after that offer's place.
 */
function offersPageIds(userId: string, page: OffersPage): SQL {
  const after =
    page.before === undefined
      ? sql``
      : // Only the member's own offer places a page: another's would tell when it last changed.
        sql` and (s.updated_at, s.id) < (select b.updated_at, b.id from swap_requests b
              where b.id = ${page.before} and (b.from_user_id = ${userId} or b.to_user_id = ${userId}))`;
  const side = (mine: SQL, theirs: SQL) => {
    const pair = page.with === undefined ? sql`` : sql` and ${theirs} = ${page.with}`;
    return sql`(select s.id, s.updated_at from swap_requests s where ${mine} = ${userId}${pair}${after} order by s.updated_at desc, s.id desc limit ${page.offset + page.limit})`;
  };
  const made = side(sql`s.from_user_id`, sql`s.to_user_id`);
  const received = side(sql`s.to_user_id`, sql`s.from_user_id`);
  return sql`(select id from (${made} union ${received}) mine order by updated_at desc, id desc limit ${page.limit} offset ${page.offset})`;
}

/** A timestamp as `Date.prototype.toISOString` writes it: UTC, to the millisecond. */
const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A give-away's end of fair chance as `presentListing` writes it (ISO, UTC, to the millisecond),
 * null for a swap: listing alias `i`, raw SQL text.
 */
const requestsOpenUntilSql = (i: string) =>
  `case when ${i}.mode = 'giveaway' then to_char((${i}.giveaway_since + make_interval(hours => ${i}.fair_chance_hours)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`;

/** An offer's listing as `presentItemSummary` shapes it (shared/swaps.ts `ItemSummary`), or null. */
const itemSummaryJson = (i: string) =>
  sql.raw(`(select row_to_json(x) from (select ${i}.id as "id", ${i}.title as "title",
    ${i}.images as "images", ${i}.condition as "condition", ${i}.is_active as "isActive",
    ${i}.user_id as "userId", ${i}.mode as "mode",
    ${requestsOpenUntilSql(i)} as "requestsOpenUntil", ${i}.deleted_at is not null as "isRemoved")
    x where ${i}.id is not null)`);

/** Rows' JSON objects joined into one JSON array, in `order`; `[]` when there are none. */
const jsonArray = (row: SQL, order: SQL) =>
  sql`'[' || coalesce(string_agg(${row}::text, ',' order by ${order}), '') || ']'`;

/** One side of offer `r`'s listings, in order, each as `itemSummaryJson` shapes it. */
const sideJson = (side: OfferSide) =>
  sql`(select (${jsonArray(sql`row_to_json(x)`, sql`l.position`)})::json
         from swap_request_items l
         join items li on li.id = l.item_id
        cross join lateral (select li.id as "id", li.title as "title", li.images as "images",
                 li.condition as "condition", li.is_active as "isActive", li.user_id as "userId",
                 li.mode as "mode",
                 ${sql.raw(requestsOpenUntilSql('li'))} as "requestsOpenUntil",
                 li.deleted_at is not null as "isRemoved") x
        where l.request_id = r.id and l.side = ${sql.raw(`'${side}'`)})`;

/**
 * Listing ids on side `side` of offer `of` and not on side `otherSide` of offer `against`, in
 * the order of `side`.
 */
const sideMinus = (of: SQL, side: OfferSide, against: SQL, otherSide: OfferSide) =>
  sql`array(select l.item_id from swap_request_items l
             where l.request_id = ${of} and l.side = ${sql.raw(`'${side}'`)}
               and not exists (select 1 from swap_request_items c
                                where c.request_id = ${against} and c.side = ${sql.raw(`'${otherSide}'`)}
                                  and c.item_id = l.item_id)
             order by l.position)`;

/**
 * A counter-offer's `changes` against the offer it counters (null for an opening offer). The
 * counter swaps the members, so its asked side is compared with the countered offer's offered
 * side and the other way round (shared/swaps.ts offerChangesSchema).
 */
const changesJson = sql`(select row_to_json(ch) from (select
      (select row_to_json(d) from (select ${sideMinus(sql`r.id`, 'asked', sql`r.counter_of_id`, 'offered')} as "added",
               ${sideMinus(sql`r.counter_of_id`, 'offered', sql`r.id`, 'asked')} as "removed") d) as "items",
      (select row_to_json(d) from (select ${sideMinus(sql`r.id`, 'offered', sql`r.counter_of_id`, 'asked')} as "added",
               ${sideMinus(sql`r.counter_of_id`, 'asked', sql`r.id`, 'offered')} as "removed") d) as "offeredItems") ch
    where r.counter_of_id is not null)`;

/** A party as `presentPublicUser` shapes it, read by key (a join would hash every member). */
const partyJson = (column: string) =>
  sql.raw(`(select row_to_json(x) from (select u.id as "id", u.nickname as "nickname",
    u.first_name as "firstName", u.last_name as "lastName",
    u.profile_image_url as "profileImageUrl", u.email_verified_at is not null as "isMember"
    from users u where u.id = ${column}) x)`);

/**
 * A page of the member's offers as the JSON `GET /api/swap-requests` answers, built by
 * PostgreSQL: each offer has the shape `presentSwapRequest` gives a single offer
 * (swaps-offers.test.ts holds the two equal; `row_to_json` writes compact JSON, keys in the
 * order of the columns). Built in node, a page parsed some 45 columns a row, mapped them and
 * encoded the result again, which set the list's throughput (decision 008).
 */
export function swapRequestsPageJsonSql(userId: string, page: OffersPage): SQL {
  const offer = sql`select r.id as "id", r.from_user_id as "fromUserId", r.to_user_id as "toUserId",
      r.item_id as "itemId", r.offered_item_id as "offeredItemId", r.message as "message",
      r.offer_description as "offerDescription", r.offer_images as "offerImages",
      r.status as "status", r.closed_reason as "closedReason", r.counter_of_id as "counterOfId",
      (select c.id from swap_requests c where c.counter_of_id = r.id) as "counteredById",
      ${isoTime(sql`r.created_at`)} as "createdAt", ${isoTime(sql`r.updated_at`)} as "updatedAt",
      ${itemSummaryJson('i')} as "item", ${itemSummaryJson('oi')} as "offeredItem",
      ${sideJson('asked')} as "items", ${sideJson('offered')} as "offeredItems",
      ${changesJson} as "changes",
      ${partyJson('r.from_user_id')} as "fromUser", ${partyJson('r.to_user_id')} as "toUser",
      (select count(*)::int from messages m
        where m.swap_request_id = r.id and not m.is_read and m.from_user_id <> ${userId}) as "unreadCount",
      exists (select 1 from feedback f
               where f.swap_request_id = r.id and f.from_user_id = ${userId}) as "ratedByMe"`;
  return sql`select ${jsonArray(sql`row_to_json(o)`, sql`r.updated_at desc, r.id desc`)} as page
               from swap_requests r
               left join items i on i.id = r.item_id
               left join items oi on oi.id = r.offered_item_id
               cross join lateral (${offer}) o
              where r.id in ${offersPageIds(userId, page)}`;
}

/** The page above, as a statement prepared once per connection and shape of page. */
export async function findSwapRequestsPageJson(
  db: Database,
  userId: string,
  page: OffersPage,
): Promise<string> {
  const [row] = await queryPrepared<{ page: string }>(db, swapRequestsPageJsonSql(userId, page));
  return row?.page ?? '[]';
}

/** How many offers the member has received and made, kept by a trigger (migration 0017). */
export async function countSwapRequestsFor(db: Database, userId: string) {
  const [row] = await db
    .select({ received: offerCounts.received, made: offerCounts.made })
    .from(offerCounts)
    .where(eq(offerCounts.userId, userId));
  return row ?? { received: 0, made: 0 };
}

/** One offer with both sides' listings and, for a counter-offer, the sides of the one it counters. */
export async function findSwapRequest(
  db: Database,
  id: number,
  viewerId: string,
): Promise<OfferRow | undefined> {
  const [row] = await selectSwapRequests(db, viewerId).where(eq(swapRequests.id, id)).limit(1);
  if (!row) return undefined;
  const counterOf = row.request.counterOfId;
  const listings = await findOfferListings(db, counterOf === null ? [id] : [id, counterOf]);
  const on = (requestId: number, side: OfferSide) =>
    listings.filter((l) => l.requestId === requestId && l.side === side).map((l) => l.item);
  const ids = (requestId: number, side: OfferSide) => on(requestId, side).map((item) => item.id);
  return {
    ...row,
    items: on(id, 'asked'),
    offeredItems: on(id, 'offered'),
    countered:
      counterOf === null
        ? null
        : { itemIds: ids(counterOf, 'asked'), offeredItemIds: ids(counterOf, 'offered') },
  };
}

/** Messages with their authors (one message, and the admin's list of every conversation). */
function selectMessages(db: Database) {
  return db
    .select({ message: messages, fromUser: publicUserColumns() })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.fromUserId));
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

/**
 * A page of an offer's chat as the JSON `GET /api/swap-requests/:id/messages` answers, oldest
 * first, built by PostgreSQL like the offers page: each message has the shape `presentMessage`
 * gives it (swaps-messages.test.ts holds the two equal). The page is the latest `limit` messages,
 * or the `limit` before the message `before` (a `before` from another chat finds nothing), read
 * backwards along messages_swap_created_idx however long the chat.
 */
export function messagesPageJsonSql(swapRequestId: number, page: ChatPage): SQL {
  const before =
    page.before === undefined
      ? sql``
      : sql` and (p.created_at, p.id) < (select b.created_at, b.id from messages b where b.id = ${page.before} and b.swap_request_id = ${swapRequestId})`;
  const message = sql`select m.id as "id", m.swap_request_id as "swapRequestId",
      m.from_user_id as "fromUserId", m.content as "content", m.is_read as "isRead",
      ${isoTime(sql`m.created_at`)} as "createdAt", ${partyJson('m.from_user_id')} as "fromUser"`;
  return sql`select ${jsonArray(sql`row_to_json(o)`, sql`m.created_at, m.id`)} as page
               from (select p.id, p.swap_request_id, p.from_user_id, p.content, p.is_read, p.created_at
                       from messages p
                      where p.swap_request_id = ${swapRequestId}${before}
                      order by p.created_at desc, p.id desc limit ${page.limit}) m
               cross join lateral (${message}) o`;
}

export type ChatPageFor = { fromUserId: string; toUserId: string; page: string };

/**
 * The offer's parties and a page of its chat, when `userId` is one of them, in one round trip (a
 * statement prepared once per connection and shape of page): the service decides on the parties
 * (`canMessageSwap`), and the page is read only for a party. Undefined for anyone else.
 */
export async function findChatPageFor(
  db: Database,
  swapRequestId: number,
  userId: string,
  page: ChatPage,
): Promise<ChatPageFor | undefined> {
  const [row] = await queryPrepared<ChatPageFor>(
    db,
    sql`select s.from_user_id as "fromUserId", s.to_user_id as "toUserId",
               (${messagesPageJsonSql(swapRequestId, page)}) as page
          from swap_requests s
         where s.id = ${swapRequestId} and (s.from_user_id = ${userId} or s.to_user_id = ${userId})`,
  );
  return row;
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
