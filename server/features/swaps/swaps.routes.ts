import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatPageQuerySchema } from '../../../shared/chat.js';
import { SWAP_NOT_FOUND } from '../../../shared/policies/swaps.js';
import {
  counterOfferSchema,
  createSwapRequestSchema,
  messageSchema,
  messagesReadSchema,
  OFFERS_PAGE_SIZE,
  offerCountsSchema,
  swapMessageSchema,
  swapRequestSchema,
  updateSwapStatusSchema,
} from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { asksForFresh } from '../../http/cache-control.js';
import { sendJsonText } from '../../http/json-text.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId, pageQuery } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { listMessages, markMessagesRead, postMessage } from '../chat/chat.service.js';
import { ITEM_NOT_FOUND } from '../items/availability.js';
import { drawGiveaway } from './swaps.accept.js';
import { offerChat } from './swaps.chat.js';
import { presentMessage, presentSwapRequest } from './swaps.presenter.js';
import {
  counterSwapRequest,
  countSwapRequests,
  createSwapRequest,
  listSwapRequests,
  loadSwapRequest,
  moveSwapRequest,
} from './swaps.service.js';

/** One offer photo, compressed by the client, fits easily. */
const OFFER_BODY_LIMIT = 12 * 1024 * 1024;

const parseSwapId = (raw: string): number => numericId(raw, SWAP_NOT_FOUND);

/** Keyset pages (`before`) stay flat however long a member's history; offsets are bounded. */
const offersPageQuery = pageQuery(OFFERS_PAGE_SIZE, 200, 10_000).extend({
  before: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1, 'before is out of range')
    .optional(),
  with: z.string().trim().min(1, 'with must name a member').max(64, 'with is too long').optional(),
});

export function registerSwapRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/swap-requests',
    {
      schema: {
        summary: 'Your offers, sent and received',
        description:
          'Latest activity first (`updatedAt`, then id), each with `item`, `offeredItem`, `items`, `offeredItems`, `changes`, `fromUser`, `toUser`, `unreadCount` and `ratedByMe`. Pages: `limit` (≤ 200, default 25) with `before` = the id of the last offer of the previous page (keyset: as fast on page 500 as on page 1), or `offset` (≤ 10,000). `with` = a member’s id keeps the offers between you and that member. Each app server keeps the pages it answered until something they show changes; `Cache-Control: no-cache` asks for one read afresh (after a change this server may not have heard of yet).',
        security: SIGNED_IN,
        querystring: offersPageQuery,
        response: { 200: z.array(swapRequestSchema) },
      },
    },
    async (request, reply) => {
      const page = await listSwapRequests(ctx, await requireUser(request), request.query, {
        fresh: asksForFresh(request.headers['cache-control']),
      });
      return sendJsonText(reply, page);
    },
  );

  app.get(
    '/api/swap-requests/counts',
    {
      schema: {
        summary: 'How many offers you have received and made',
        description: 'All of them, whatever page of `GET /api/swap-requests` you have loaded.',
        security: SIGNED_IN,
        response: { 200: offerCountsSchema },
      },
    },
    async (request) => countSwapRequests(ctx, await requireUser(request)),
  );

  app.post(
    '/api/swap-requests',
    {
      bodyLimit: OFFER_BODY_LIMIT,
      schema: {
        summary: 'Make an offer on one or several listings',
        description:
          '`itemIds`: 1–5 listings of one member, not yours; `offeredItemIds`: 0–5 of your own (or the first shape, `itemId` and `offeredItemId`: one of each; both shapes at once is a 400). Always created pending and always addressed to the owner of the listings asked for, whatever `toUserId` says. 400 naming the listing for listings of two members, a listing offered that is not yours, one named twice, more than 5 a side; 404 for an unknown listing asked for; 409 naming a listing off the market or reserved, or one of another community; 403 between members who blocked one another. At most one offer photo.',
        security: SIGNED_IN,
        body: createSwapRequestSchema,
        response: { 201: swapRequestSchema },
      },
    },
    async (request, reply) => {
      const sender = await requireUser(request);
      const id = await createSwapRequest(ctx, sender, request.body);
      return reply.code(201).send(presentSwapRequest(await loadSwapRequest(ctx, sender, id)));
    },
  );

  app.get(
    '/api/swap-requests/:id',
    {
      schema: {
        summary: 'One offer',
        description: 'Its two parties only (404 for anyone else).',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: swapRequestSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      return presentSwapRequest(await loadSwapRequest(ctx, viewer, parseSwapId(request.params.id)));
    },
  );

  app.patch(
    '/api/swap-requests/:id',
    {
      schema: {
        summary: 'Accept, decline, withdraw, complete or cancel an offer',
        description:
          'pending → accepted or rejected (the receiver only) or withdrawn (the sender only); accepted → completed or cancelled (either party; `cancelled` needs `reason`, 1–500 characters). Accepting reserves every listing of the offer, both sides, until it is completed or cancelled (409 naming a listing another trade holds); completing takes them off the market and closes the other open offers on them; cancelling frees them and keeps "Cancelled by …: reason" as `closedReason`. Anything else is a 409; `countered` comes only with POST /api/swap-requests/:id/counter.',
        security: SIGNED_IN,
        params: idParams,
        body: updateSwapStatusSchema,
        response: { 200: swapRequestSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseSwapId(request.params.id);
      await moveSwapRequest(ctx, actor, id, request.body.status, request.body.reason);
      return presentSwapRequest(await loadSwapRequest(ctx, actor, id));
    },
  );

  app.post(
    '/api/swap-requests/:id/counter',
    {
      schema: {
        summary: 'Answer a pending offer with a counter-offer',
        description:
          "The offer's receiver only, while it is pending. `itemIds`: 1–5 listings of the offer's sender asked for; `offeredItemIds`: 0–5 of your own put up (left out, or the first shape `{itemId}`: the listings the offer asked for). A new pending offer goes to the sender with `counterOfId` set and `changes` against the offer; the offer becomes `countered`. 403 for the sender, 404 for anyone else or a missing listing, 409 when the offer or a listing is no longer available, 400 for a listing that is not the sender's (or, offered, not yours), one named twice, or a counter that changes nothing. Answers the counter-offer.",
        security: SIGNED_IN,
        params: idParams,
        body: counterOfferSchema,
        response: { 201: swapRequestSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const id = await counterSwapRequest(ctx, actor, parseSwapId(request.params.id), request.body);
      return reply.code(201).send(presentSwapRequest(await loadSwapRequest(ctx, actor, id)));
    },
  );

  app.post(
    '/api/items/:id/draw',
    {
      schema: {
        summary: 'Give a give-away to one of its requests, drawn at random',
        description:
          'The listing\'s owner only (401 visitor, 403 anyone else, 404 an unknown or removed listing). Once the fair chance is over, one of the pending requests on the give-away is picked uniformly at random and accepted exactly as `PATCH /api/swap-requests/:id {status:\'accepted\'}` would: the listing is reserved for it and the other pending requests are declined (`closedReason` "This was given to another member. Thanks for asking!", each requester notified). 409 inside the fair chance ("Requests stay open until 27 Nov 2026, 14:00 UTC, so everyone has a fair chance"), for a swap, with no pending request, or when the listing is reserved or no longer on the market. Two draws at once: one wins, the other is a 409. Answers the accepted request.',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: swapRequestSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const itemId = numericId(request.params.id, ITEM_NOT_FOUND);
      const id = await drawGiveaway(ctx, actor, itemId);
      return presentSwapRequest(await loadSwapRequest(ctx, actor, id));
    },
  );

  app.get(
    '/api/swap-requests/:id/messages',
    {
      schema: {
        summary: 'The chat of an offer',
        description:
          'Its two parties only; the latest `limit` messages (or those before the message `before`), oldest first. Reading marks nothing read.',
        security: SIGNED_IN,
        params: idParams,
        querystring: chatPageQuerySchema,
        response: { 200: z.array(swapMessageSchema) },
      },
    },
    async (request, reply) => {
      const reader = await requireUser(request);
      const id = parseSwapId(request.params.id);
      const page = await listMessages(ctx, offerChat, reader, id, request.query, {
        fresh: asksForFresh(request.headers['cache-control']),
      });
      return sendJsonText(reply, page);
    },
  );

  app.post(
    '/api/swap-requests/:id/messages/read',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      schema: {
        summary: "Mark the other member's messages in an offer's chat as read",
        description: 'Called by the chat when it shows them; reading the messages marks nothing.',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: messagesReadSchema },
      },
    },
    async (request) => {
      const reader = await requireUser(request);
      const id = parseSwapId(request.params.id);
      return { read: await markMessagesRead(ctx, offerChat, reader, id) };
    },
  );

  app.post(
    '/api/swap-requests/:id/messages',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      schema: {
        summary: 'Send a chat message about an offer',
        security: SIGNED_IN,
        params: idParams,
        body: messageSchema,
        response: { 201: swapMessageSchema },
      },
    },
    async (request, reply) => {
      const author = await requireUser(request);
      const id = parseSwapId(request.params.id);
      const row = await postMessage(ctx, offerChat, author, id, request.body.content);
      return reply.code(201).send(presentMessage(row));
    },
  );
}
