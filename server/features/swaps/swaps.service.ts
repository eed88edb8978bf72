import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  CreateSwapRequest,
  SwapMessage,
  SwapRequest,
  SwapStatus,
} from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { messages, swapRequests } from '../../db/schema/swaps.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { type ImageVariants, isDataUrl, processUpload } from '../images/image-processing.js';
import { countUpload, storeImage } from '../images/images.service.js';
import { publicUserColumns } from '../users/public-user.js';
import { presentMessage, presentSwapRequest } from './swaps.presenter.js';
import { findSwapRequest, findSwapRequestsFor, involves } from './swaps.queries.js';

export const SWAP_NOT_FOUND = 'Swap request not found';

/** SPEC §4: who may move a request from which status to which. */
const TRANSITIONS: Record<SwapStatus, Partial<Record<SwapStatus, 'receiver' | 'either'>>> = {
  pending: { accepted: 'receiver', rejected: 'receiver' },
  accepted: { completed: 'either' },
  rejected: {},
  completed: {},
};

export async function createSwapRequest(
  ctx: AppContext,
  sender: UserRow,
  input: CreateSwapRequest,
): Promise<SwapRequest> {
  await ctx.rateLimiter.consume(
    {
      key: `offers:user:${sender.id}`,
      limit: ctx.config.rateLimits.offersPerHour,
      windowMs: 60 * 60 * 1000,
    },
    'You have sent a lot of offers in the last hour. Please wait a little before sending more.',
  );
  const [item] = await ctx.db.select().from(items).where(eq(items.id, input.itemId)).limit(1);
  if (!item) throw new AppError(404, 'Item not found');
  if (item.userId === sender.id)
    throw new AppError(400, 'You cannot make an offer on your own item');
  if (!item.isActive) throw new AppError(409, 'This item is no longer available');
  if (input.offeredItemId) {
    const [offered] = await ctx.db
      .select()
      .from(items)
      .where(eq(items.id, input.offeredItemId))
      .limit(1);
    if (!offered || offered.userId !== sender.id || !offered.isActive) {
      throw new AppError(400, 'You can only offer one of your own available items');
    }
  }
  if (!input.offerImages.every(isDataUrl))
    throw new AppError(400, 'The offer photo must be uploaded as image data');
  if (input.offerImages.length > 0) await countUpload(ctx, sender.id);
  const uploads: ImageVariants[] = [];
  for (const image of input.offerImages) uploads.push(await processUpload(image));

  const id = await ctx.db.transaction(async (tx) => {
    const urls: string[] = [];
    for (const upload of uploads) urls.push(await storeImage(tx, sender.id, upload));
    const [created] = await tx
      .insert(swapRequests)
      .values({
        fromUserId: sender.id,
        // Whatever the client says, an offer goes to the item's owner and starts pending.
        toUserId: item.userId,
        itemId: item.id,
        offeredItemId: input.offeredItemId ?? null,
        message: input.message,
        offerDescription: input.offerDescription,
        offerImages: urls,
        status: 'pending',
      })
      .returning({ id: swapRequests.id });
    if (!created) throw new Error('swap request insert returned nothing');
    return created.id;
  });
  await ctx.events.publish([sender.id, item.userId], { type: 'swap-request', swapRequestId: id });
  return getSwapRequest(ctx, sender, id);
}

export async function listSwapRequests(
  ctx: AppContext,
  user: UserRow,
  page: { limit: number; offset: number },
): Promise<SwapRequest[]> {
  const rows = await findSwapRequestsFor(ctx.db, user.id, page);
  return rows.map(presentSwapRequest);
}

/** Only the two parties see a request; to anyone else it does not exist. */
export async function getSwapRequest(
  ctx: AppContext,
  user: UserRow,
  id: number,
): Promise<SwapRequest> {
  const row = await findSwapRequest(ctx.db, id, user.id);
  if (!row || (row.request.fromUserId !== user.id && row.request.toUserId !== user.id)) {
    throw new AppError(404, SWAP_NOT_FOUND);
  }
  return presentSwapRequest(row);
}

export async function updateSwapStatus(
  ctx: AppContext,
  user: UserRow,
  id: number,
  next: SwapStatus,
): Promise<SwapRequest> {
  const current = await getSwapRequest(ctx, user, id);
  const rule = TRANSITIONS[current.status][next];
  if (!rule) {
    throw new AppError(409, `This offer is ${current.status}; it cannot become ${next}.`);
  }
  if (rule === 'receiver' && current.toUserId !== user.id) {
    throw new AppError(403, 'Only the member who received this offer can accept or decline it');
  }
  // The status in the WHERE clause makes the move atomic: of many concurrent attempts, one wins.
  const moved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(swapRequests)
      .set({ status: next, updatedAt: sql`now()` })
      .where(
        and(eq(swapRequests.id, id), eq(swapRequests.status, current.status), involves(user.id)),
      )
      .returning();
    if (!row) return null;
    if (next === 'completed') {
      // DESIGN §7: a completed swap takes both items off the market.
      const swapped = [row.itemId, row.offeredItemId].filter((v): v is number => v !== null);
      await tx
        .update(items)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(inArray(items.id, swapped));
    }
    return row;
  });
  if (!moved)
    throw new AppError(409, 'This offer was changed by someone else just now. Please refresh.');
  await ctx.events.publish(parties(moved), { type: 'swap-request', swapRequestId: id });
  if (next === 'completed') ctx.events.itemsChanged();
  return getSwapRequest(ctx, user, id);
}

type Parties = { fromUserId: string; toUserId: string };

const parties = (request: Parties): string[] => [request.fromUserId, request.toUserId];

/** Cheap party check for the chat's hot path: two columns, not the whole request with its joins. */
async function requireParty(
  ctx: AppContext,
  user: UserRow,
  swapRequestId: number,
): Promise<Parties> {
  const [row] = await ctx.db
    .select({ fromUserId: swapRequests.fromUserId, toUserId: swapRequests.toUserId })
    .from(swapRequests)
    .where(and(eq(swapRequests.id, swapRequestId), involves(user.id)))
    .limit(1);
  if (!row) throw new AppError(404, SWAP_NOT_FOUND);
  return row;
}

export async function listMessages(
  ctx: AppContext,
  user: UserRow,
  swapRequestId: number,
  page: { limit: number },
): Promise<SwapMessage[]> {
  const party = await requireParty(ctx, user, swapRequestId);
  // Reading a conversation marks the other party's messages read.
  const read = await ctx.db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(
        eq(messages.swapRequestId, swapRequestId),
        ne(messages.fromUserId, user.id),
        eq(messages.isRead, false),
      ),
    )
    .returning({ id: messages.id });
  if (read.length > 0) {
    await ctx.events.publish(parties(party), { type: 'messages-read', swapRequestId });
  }
  const rows = await ctx.db
    .select({ message: messages, fromUser: publicUserColumns() })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.fromUserId))
    .where(eq(messages.swapRequestId, swapRequestId))
    .orderBy(sql`${messages.createdAt} desc`, sql`${messages.id} desc`)
    .limit(page.limit);
  return rows.reverse().map(presentMessage);
}

export async function postMessage(
  ctx: AppContext,
  user: UserRow,
  swapRequestId: number,
  content: string,
): Promise<SwapMessage> {
  const party = await requireParty(ctx, user, swapRequestId);
  await ctx.rateLimiter.consume(
    {
      key: `messages:user:${user.id}`,
      limit: ctx.config.rateLimits.messagesPerFiveMinutes,
      windowMs: 5 * 60 * 1000,
    },
    'You are sending messages very quickly. Please wait a moment.',
  );
  const [created] = await ctx.db
    .insert(messages)
    .values({ swapRequestId, fromUserId: user.id, content })
    .returning();
  if (!created) throw new Error('message insert returned nothing');
  await ctx.db
    .update(swapRequests)
    .set({ updatedAt: sql`now()` })
    .where(eq(swapRequests.id, swapRequestId));
  const [row] = await ctx.db
    .select({ message: messages, fromUser: publicUserColumns() })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.fromUserId))
    .where(eq(messages.id, created.id));
  if (!row) throw new Error('message vanished');
  await ctx.events.publish(parties(party), {
    type: 'message',
    swapRequestId,
    messageId: created.id,
  });
  return presentMessage(row);
}
