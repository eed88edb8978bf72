import { sql } from 'drizzle-orm';
import { CIRCLE_NOT_FOUND, canViewCircle } from '../../../shared/policies/circles.js';
import type { Executor } from '../../db/client.js';
import { circleMessages, circleReads } from '../../db/schema/circles.js';
import type { Conversation } from '../chat/chat.service.js';
import {
  type CircleMessageRow,
  type CircleRecord,
  findCircleMessage,
  findCircleMessages,
  findCircleRecord,
  findUnreadCounts,
} from './circles.queries.js';
import { participantsOf, touchCircle } from './circles.service.js';

/**
 * A circle's group chat (chat.service.ts does the rest): its participants (canViewCircle), with
 * the limits of an offer's chat, closed to a participant once a block stands between them and
 * another (they still read it). Messages in `circle_messages`, paged by id; a member's read mark
 * is how far they have read (`circle_reads`: a group chat has no per-message flag), and writing
 * reads up to one's own message. Pages are read afresh each time (no trigger tells servers of
 * their changes, so none keeps them).
 */
export const circleChat: Conversation<CircleRecord, CircleMessageRow, CircleMessageRow[]> = {
  mayTakePart: canViewCircle,
  notFound: CIRCLE_NOT_FOUND,
  findFacts: (db, circleId) => findCircleRecord(db, circleId),
  partiesOf: participantsOf,
  async findPage(db, circleId, readerId, page) {
    const record = await findCircleRecord(db, circleId);
    // A participant's only, like the offer's chat: the policy then decides on the circle.
    if (!record || !participantsOf(record).includes(readerId)) return undefined;
    return { facts: record, page: await findCircleMessages(db, circleId, page) };
  },
  async store(ctx, tx, { id: circleId, authorId, content }) {
    const [created] = await tx
      .insert(circleMessages)
      .values({ circleId, fromUserId: authorId, content })
      .returning({ id: circleMessages.id });
    if (!created) throw new Error('message insert returned nothing');
    await markReadToNewest(tx, circleId, authorId);
    await touchCircle(tx, circleId);
    await ctx.hooks.emit(tx, 'circle.message', {
      circleId,
      messageId: created.id,
      fromUserId: authorId,
    });
    return created.id;
  },
  findMessage: findCircleMessage,
  /** The chat shows the messages: they are read up to the newest. */
  async markRead(db, circleId, readerId) {
    const unread = (await findUnreadCounts(db, [circleId], readerId)).get(circleId) ?? 0;
    if (unread > 0) await markReadToNewest(db, circleId, readerId);
    return unread;
  },
  // Read marks tell no one: the circle's messages show none.
  events: {
    posted: (circleId, messageId) => ({ type: 'circle-message', circleId, messageId }),
  },
};

async function markReadToNewest(db: Executor, circleId: number, userId: string): Promise<void> {
  await db
    .insert(circleReads)
    .values({
      circleId,
      userId,
      lastReadMessageId: sql`(select coalesce(max(id), 0) from circle_messages where circle_id = ${circleId})`,
    })
    .onConflictDoUpdate({
      target: [circleReads.circleId, circleReads.userId],
      set: {
        lastReadMessageId: sql`greatest(${circleReads.lastReadMessageId}, excluded.last_read_message_id)`,
      },
    });
}
