import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { ChatPage } from '../../../shared/chat.js';
import type { CircleStatus } from '../../../shared/circles.js';
import type { CircleFacts } from '../../../shared/policies/circles.js';
import type { Executor } from '../../db/client.js';
import { circleLegs, circleMessages, circleReads, circles } from '../../db/schema/circles.js';
import { feedback } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { blockedAmong } from '../blocks/blocks.queries.js';
import { findSummaries, type SummaryRow } from '../matching/matching.queries.js';
import { publicUserColumns } from '../users/public-user.js';

export type CircleRow = typeof circles.$inferSelect;
export type LegRow = typeof circleLegs.$inferSelect;
export type CircleRecord = { circle: CircleRow; legs: LegRow[] };

/** A circle as its policies see it. */
export function circleFacts(record: CircleRecord): CircleFacts {
  return { status: record.circle.status, expiresAt: record.circle.expiresAt, legs: record.legs };
}

/**
 * Circles with their legs (in loop order). `lock` takes the circles' rows FOR UPDATE: a move
 * reads what it decides on under the lock it writes with.
 */
export async function findCircleRecords(
  db: Executor,
  ids: readonly number[],
  options: { lock?: boolean } = {},
): Promise<CircleRecord[]> {
  if (ids.length === 0) return [];
  const query = db
    .select()
    .from(circles)
    .where(inArray(circles.id, [...ids]))
    .orderBy(asc(circles.id));
  const rows = options.lock ? await query.for('update') : await query;
  const legs = await db
    .select()
    .from(circleLegs)
    .where(inArray(circleLegs.circleId, [...ids]))
    .orderBy(asc(circleLegs.circleId), asc(circleLegs.position));
  const byCircle = new Map<number, LegRow[]>();
  for (const leg of legs) byCircle.set(leg.circleId, [...(byCircle.get(leg.circleId) ?? []), leg]);
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows
    .map((circle) => ({ circle, legs: byCircle.get(circle.id) ?? [] }))
    .sort((a, b) => (order.get(a.circle.id) ?? 0) - (order.get(b.circle.id) ?? 0));
}

export async function findCircleRecord(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CircleRecord | undefined> {
  const [record] = await findCircleRecords(db, [id], options);
  return record;
}

/** The member's circles, most recently changed first. */
export async function findCircleIdsOf(
  db: Executor,
  userId: string,
  options: { status?: CircleStatus; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: circles.id })
    .from(circleLegs)
    .innerJoin(circles, eq(circles.id, circleLegs.circleId))
    .where(
      and(
        eq(circleLegs.giverId, userId),
        options.status === undefined ? undefined : statusIs(options.status),
      ),
    )
    .orderBy(desc(circles.updatedAt), desc(circles.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** A stored status, with proposals past their deadline counted as expired (the job may lag). */
function statusIs(status: CircleStatus) {
  if (status === 'expired') {
    return sql`(${circles.status} = 'expired' or (${circles.status} = 'proposed' and ${circles.expiresAt} <= now()))`;
  }
  if (status === 'proposed')
    return sql`(${circles.status} = 'proposed' and ${circles.expiresAt} > now())`;
  return eq(circles.status, status);
}

/** What the viewer sees besides the circles: listing cards, whom they rated, unread messages. */
export type CircleExtras = {
  summaries: Map<number, SummaryRow>;
  rated: Map<number, string[]>;
  unread: Map<number, number>;
  /** Circles where a block stands between the viewer and another participant. */
  blocked: Set<number>;
};

export async function findCircleExtras(
  db: Executor,
  records: readonly CircleRecord[],
  viewerId: string,
): Promise<CircleExtras> {
  const ids = records.map((r) => r.circle.id);
  const itemIds = records.flatMap((r) => r.legs.map((leg) => leg.itemId));
  if (ids.length === 0) {
    return { summaries: new Map(), rated: new Map(), unread: new Map(), blocked: new Set() };
  }
  const others = [...new Set(records.flatMap((r) => r.legs.map((leg) => leg.giverId)))].filter(
    (id) => id !== viewerId,
  );
  const [summaries, ratings, unread, blockedWith] = await Promise.all([
    findSummaries(db, itemIds),
    db
      .select({ circleId: feedback.circleId, toUserId: feedback.toUserId })
      .from(feedback)
      .where(
        and(
          eq(feedback.fromUserId, viewerId),
          inArray(feedback.circleId, ids),
          isNotNull(feedback.circleId),
        ),
      ),
    findUnreadCounts(db, ids, viewerId),
    blockedAmong(db, viewerId, others),
  ]);
  const rated = new Map<number, string[]>();
  for (const { circleId, toUserId } of ratings) {
    if (circleId !== null) rated.set(circleId, [...(rated.get(circleId) ?? []), toUserId]);
  }
  const blocked = new Set(
    records
      .filter((r) => r.legs.some((leg) => blockedWith.has(leg.giverId)))
      .map((r) => r.circle.id),
  );
  return { summaries, rated, unread, blocked };
}

/** Per circle, the messages of others the viewer has not read (circles with none are left out). */
export async function findUnreadCounts(
  db: Executor,
  circleIds: readonly number[],
  viewerId: string,
): Promise<Map<number, number>> {
  if (circleIds.length === 0) return new Map();
  const rows = await db
    .select({ circleId: circleMessages.circleId, count: sql<number>`count(*)::int` })
    .from(circleMessages)
    .leftJoin(
      circleReads,
      and(eq(circleReads.circleId, circleMessages.circleId), eq(circleReads.userId, viewerId)),
    )
    .where(
      and(
        inArray(circleMessages.circleId, [...circleIds]),
        ne(circleMessages.fromUserId, viewerId),
        sql`${circleMessages.id} > coalesce(${circleReads.lastReadMessageId}, 0)`,
      ),
    )
    .groupBy(circleMessages.circleId);
  return new Map(rows.map((row) => [row.circleId, Number(row.count)]));
}

function selectCircleMessages(db: Executor) {
  return db
    .select({ message: circleMessages, fromUser: publicUserColumns() })
    .from(circleMessages)
    .innerJoin(users, eq(users.id, circleMessages.fromUserId));
}

export type CircleMessageRow = Awaited<
  ReturnType<ReturnType<typeof selectCircleMessages>['execute']>
>[number];

/**
 * A page of a circle's chat, oldest first: the latest `limit` messages, or the `limit` before the
 * message `before` (read backwards along circle_messages_circle_id_idx, however long the chat).
 */
export async function findCircleMessages(
  db: Executor,
  circleId: number,
  page: ChatPage,
): Promise<CircleMessageRow[]> {
  const rows = await selectCircleMessages(db)
    .where(
      and(
        eq(circleMessages.circleId, circleId),
        page.before === undefined ? undefined : lt(circleMessages.id, page.before),
      ),
    )
    .orderBy(desc(circleMessages.id))
    .limit(page.limit);
  return rows.reverse();
}

export async function findCircleMessage(
  db: Executor,
  id: number,
): Promise<CircleMessageRow | undefined> {
  const [row] = await selectCircleMessages(db).where(eq(circleMessages.id, id));
  return row;
}
