import { and, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import {
  canDeleteMessage,
  canMessageSwap,
  SWAP_NOT_FOUND,
} from '../../../shared/policies/swaps.js';
import type { AppContext } from '../../context.js';
import { messages, swapRequests } from '../../db/schema/swaps.js';
import { AppError, enforce } from '../../errors.js';
import type { Conversation } from '../chat/chat.service.js';
import { chatPageKey, keptFor } from './offers-cache.js';
import { findChatPageFor, findMessage, findPartiesOf, type MessageRow } from './swaps.queries.js';

type Parties = { fromUserId: string; toUserId: string };

/**
 * An offer's chat (chat.service.ts does the rest): its two parties (canMessageSwap), closed once
 * either has blocked the other. Messages in `messages`, each with its own read flag; a page is
 * read with the parties in one prepared statement, as the JSON the route answers built by
 * PostgreSQL (swaps.queries.ts), and kept like a page of offers (offers-cache.ts: the triggers
 * on `messages` and `swap_requests` tell every server when it changes).
 */
export const offerChat: Conversation<Parties, MessageRow, string> = {
  mayTakePart: canMessageSwap,
  notFound: SWAP_NOT_FOUND,
  // Two columns through a prepared lookup by key, not the whole offer with its joins.
  findFacts: findPartiesOf,
  partiesOf: (offer) => [offer.fromUserId, offer.toUserId],
  async findPage(db, swapRequestId, readerId, page) {
    const chat = await findChatPageFor(db, swapRequestId, readerId, page);
    return chat && { facts: chat, page: chat.page };
  },
  keep: (ctx, reader, { id, page, fresh }, read) =>
    keptFor(ctx.offersCache, reader.id, chatPageKey(reader.id, id, page), { fresh }, read),
  async store(ctx, tx, { id: swapRequestId, authorId, content, facts }) {
    const [message] = await tx
      .insert(messages)
      .values({ swapRequestId, fromUserId: authorId, content })
      .returning({ id: messages.id });
    if (!message) throw new Error('message insert returned nothing');
    await ctx.hooks.emit(tx, 'message.posted', {
      swapRequestId,
      messageId: message.id,
      fromUserId: authorId,
      toUserId: facts.fromUserId === authorId ? facts.toUserId : facts.fromUserId,
    });
    await tx
      .update(swapRequests)
      .set({ updatedAt: sql`now()` })
      .where(eq(swapRequests.id, swapRequestId));
    return message.id;
  },
  findMessage,
  async markRead(db, swapRequestId, readerId) {
    const read = await db
      .update(messages)
      .set({ isRead: true })
      .where(
        and(
          eq(messages.swapRequestId, swapRequestId),
          ne(messages.fromUserId, readerId),
          eq(messages.isRead, false),
        ),
      )
      .returning({ id: messages.id });
    return read.length;
  },
  events: {
    posted: (swapRequestId, messageId) => ({ type: 'message', swapRequestId, messageId }),
    read: (swapRequestId) => ({ type: 'messages-read', swapRequestId }),
  },
};

/** Moderation (SPEC §6): an admin deletes a message. */
export async function deleteMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  enforce(canDeleteMessage(actor));
  const removed = await ctx.db
    .delete(messages)
    .where(eq(messages.id, id))
    .returning({ swapRequestId: messages.swapRequestId });
  if (removed.length === 0) throw new AppError(404, 'Message not found');
}
