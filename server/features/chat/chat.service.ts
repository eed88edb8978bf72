import type { ChatPage } from '../../../shared/chat.js';
import type { LiveEvent } from '../../../shared/events.js';
import type { Actor, Decision } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';
import type { Database, Transaction } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import { requireCanContact } from '../blocks/blocks.service.js';
import { limitFor, refuseLinksFromNewAccount } from '../users/new-accounts.js';

/** A message about to be stored: in conversation `id`, by `authorId`, among the parties `facts` name. */
export type Post<Facts> = { id: number; authorId: string; content: string; facts: Facts };

/**
 * A kind of conversation (an offer's chat, a circle's group chat), as the feature it belongs to
 * describes it: who may take part (its policy, over the facts it reads), where its messages are
 * stored and how they are paged and marked read, and what it announces. The chat service below
 * does the rest the same way for every kind. `Facts` are what the policy decides on, `Message` a
 * stored message as the route answers it, `Page` a page of them as the route answers it.
 */
export type Conversation<Facts, Message, Page> = {
  /** The feature's policy (shared/policies): may `actor` read and write this conversation? */
  mayTakePart: (actor: Actor, facts: Facts | undefined) => Decision;
  /** What anyone the policy keeps out is told (404). */
  notFound: string;
  /**
   * The facts the policy decides on, read by key; undefined when there is no such conversation
   * (or, where the feature reads them for parties only, none that `readerId` is in).
   */
  findFacts: (db: Database, id: number, readerId: string) => Promise<Facts | undefined>;
  /** Everyone in the conversation: each hears of a new message. */
  partiesOf: (facts: Facts) => readonly string[];
  /**
   * A page for `readerId` with the facts it is decided on, undefined when `readerId` is no party
   * (the page is never read for anyone else); the feature reads both at once where it can.
   */
  findPage: (
    db: Database,
    id: number,
    readerId: string,
    page: ChatPage,
  ) => Promise<{ facts: Facts; page: Page } | undefined>;
  /**
   * Where this server may keep the pages it read (the feature's memory, forgotten through its
   * triggers' notices), or nowhere: `read` reads the page afresh.
   */
  keep?: (
    ctx: AppContext,
    reader: Actor,
    key: { id: number; page: ChatPage; fresh: boolean },
    read: () => Promise<Page>,
  ) => Promise<Page>;
  /**
   * Stores a message in `tx` with what else the feature makes of it there (its domain event, its
   * own row's `updated_at`, the author's read mark); returns the message's id.
   */
  store: (ctx: AppContext, tx: Transaction, post: Post<Facts>) => Promise<number>;
  /** One stored message with its author, as the route answers it. */
  findMessage: (db: Database, messageId: number) => Promise<Message | undefined>;
  /** Marks the other parties' messages read for `readerId`; returns how many were unread. */
  markRead: (db: Database, id: number, readerId: string) => Promise<number>;
  /** The live events the parties are sent: a message posted; messages read (if they are told). */
  events: {
    posted: (id: number, messageId: number) => LiveEvent;
    read?: (id: number) => LiveEvent;
  };
};

/** The facts of a conversation `actor` takes part in, or refuses as its policy says (404). */
async function requireParty<Facts, Message, Page>(
  conversation: Conversation<Facts, Message, Page>,
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<Facts> {
  const facts = await conversation.findFacts(ctx.db, id, actor.id);
  enforce(conversation.mayTakePart(actor, facts));
  if (facts === undefined) throw new AppError(404, conversation.notFound);
  return facts;
}

/** One member may write this fast in all their conversations together (a chat of any kind). */
async function consumeMessageAllowance(ctx: AppContext, author: Actor): Promise<void> {
  const { messagesPerFiveMinutes, messagesPerFiveMinutesNew } = ctx.config.rateLimits;
  return ctx.rateLimiter.consume(
    {
      key: `messages:user:${author.id}`,
      limit: await limitFor(ctx, author, {
        established: messagesPerFiveMinutes,
        whileNew: messagesPerFiveMinutesNew,
      }),
      windowMs: 5 * 60 * 1000,
    },
    'You are sending messages very quickly. Please wait a moment.',
  );
}

/**
 * The latest `page.limit` messages (or those before the message `page.before`), oldest first,
 * read with the facts they are decided on; kept where the conversation keeps its pages, unless
 * the client asks for it `fresh`. Reading marks nothing read.
 */
export async function listMessages<Facts, Message, Page>(
  ctx: AppContext,
  conversation: Conversation<Facts, Message, Page>,
  reader: Actor,
  id: number,
  page: ChatPage,
  options: { fresh?: boolean } = {},
): Promise<Page> {
  const read = async () => {
    const found = await conversation.findPage(ctx.db, id, reader.id, page);
    enforce(conversation.mayTakePart(reader, found?.facts));
    if (!found) throw new AppError(404, conversation.notFound);
    return found.page;
  };
  if (!conversation.keep) return read();
  // Kept for a party only (the read refuses anyone else), and a party stays one.
  return conversation.keep(ctx, reader, { id, page, fresh: options.fresh === true }, read);
}

/**
 * A party writes: refused once a block stands between them and another party (where blocks close
 * the conversation), and past the message allowance. Stored, announced to every party in the same
 * transaction (delivered when it commits), and answered with its author.
 */
export async function postMessage<Facts, Message, Page>(
  ctx: AppContext,
  conversation: Conversation<Facts, Message, Page>,
  author: Actor,
  id: number,
  content: string,
): Promise<Message> {
  const facts = await requireParty(conversation, ctx, author, id);
  const parties = conversation.partiesOf(facts);
  // A block between the author and any other party closes the conversation to the author (403).
  await requireCanContact(ctx.db, author.id, parties);
  await refuseLinksFromNewAccount(ctx, author, content);
  await consumeMessageAllowance(ctx, author);
  const messageId = await transact(ctx.db, async (tx) => {
    const created = await conversation.store(ctx, tx, { id, authorId: author.id, content, facts });
    await ctx.events.publishIn(tx, parties, conversation.events.posted(id, created));
    return created;
  });
  const message = await conversation.findMessage(ctx.db, messageId);
  if (!message) throw new Error('message vanished');
  return message;
}

/**
 * Marks the other parties' messages read for `reader`: the chat posts this when it shows them (a
 * GET never writes, or any page able to make the browser fetch could mark them). Returns how many.
 */
export async function markMessagesRead<Facts, Message, Page>(
  ctx: AppContext,
  conversation: Conversation<Facts, Message, Page>,
  reader: Actor,
  id: number,
): Promise<number> {
  const facts = await requireParty(conversation, ctx, reader, id);
  const read = await conversation.markRead(ctx.db, id, reader.id);
  const told = conversation.events.read;
  if (read > 0 && told) await ctx.events.publish(conversation.partiesOf(facts), told(id));
  return read;
}
