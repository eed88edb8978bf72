import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatPageQuerySchema } from '../../../shared/chat.js';
import {
  circleListQuerySchema,
  circleMessageBodySchema,
  circleMessageSchema,
  circleSchema,
  createCircleSchema,
  updateCircleSchema,
} from '../../../shared/circles.js';
import { CIRCLE_NOT_FOUND } from '../../../shared/policies/circles.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { messagesReadSchema } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { listMessages, markMessagesRead, postMessage } from '../chat/chat.service.js';
import { circleChat } from './circles.chat.js';
import { presentCircle, presentCircleMessage } from './circles.presenter.js';
import {
  cancelCircle,
  confirmReceipt,
  decideCircle,
  expireCircles,
  listCircles,
  loadCircle,
  proposeCircle,
  refuseCompletion,
} from './circles.service.js';

const parseCircleId = (raw: string): number => numericId(raw, CIRCLE_NOT_FOUND);
/** Proposals past their deadline are recorded as expired this often (reads never wait for it). */
const EXPIRY_INTERVAL_MS = 10 * 60 * 1000;

export function registerCircleRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  startExpiry(server, ctx);

  const present = async (viewer: Actor, id: number) => {
    const { record, extras } = await loadCircle(ctx, viewer, id);
    return presentCircle(record, extras, viewer, new Date());
  };

  app.post(
    '/api/circles',
    {
      schema: {
        summary: 'Propose a swap circle',
        description:
          'Three or four listings of distinct members, one of them yours, in loop order: the owner of each would give it for the next (and the last for the first), as the want graph says now. Every other member is asked; you accept by proposing.',
        security: SIGNED_IN,
        body: createCircleSchema,
        response: { 201: circleSchema },
      },
    },
    async (request, reply) => {
      const proposer = await requireUser(request);
      const id = await proposeCircle(ctx, proposer, request.body);
      return reply.code(201).send(await present(proposer, id));
    },
  );

  app.get(
    '/api/circles',
    {
      schema: {
        summary: 'Your swap circles',
        description: 'Most recently changed first, optionally of one status; at most 100.',
        security: SIGNED_IN,
        querystring: circleListQuerySchema,
        response: { 200: z.array(circleSchema) },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      const { records, extras } = await listCircles(ctx, viewer, request.query);
      const now = new Date();
      return records.map((record) => presentCircle(record, extras, viewer, now));
    },
  );

  app.get(
    '/api/circles/:id',
    {
      schema: {
        summary: 'One swap circle',
        description:
          'Its participants only (404 for anyone else): legs with giver, listing, receiver, decision and receipt.',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: circleSchema },
      },
    },
    async (request) => present(await requireUser(request), parseCircleId(request.params.id)),
  );

  app.patch(
    '/api/circles/:id',
    {
      schema: {
        summary: 'Accept, decline, confirm a receipt or cancel a swap circle',
        description:
          '`{ decision }` while proposed (the last accept reserves every listing; one decline ends it); `{ received: true }` once accepted (the last receipt completes it); `{ status: "cancelled", reason }` once accepted and before any receipt.',
        security: SIGNED_IN,
        params: idParams,
        body: updateCircleSchema,
        response: { 200: circleSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseCircleId(request.params.id);
      const body = request.body;
      if ('decision' in body) await decideCircle(ctx, actor, id, body.decision);
      else if ('received' in body) await confirmReceipt(ctx, actor, id);
      else if (body.status === 'cancelled') await cancelCircle(ctx, actor, id, body.reason);
      else await refuseCompletion(ctx, actor, id);
      return present(actor, id);
    },
  );

  app.get(
    '/api/circles/:id/messages',
    {
      schema: {
        summary: "A swap circle's group chat",
        description:
          'Its participants only; the latest `limit` messages (or those before the message `before`), oldest first.',
        security: SIGNED_IN,
        params: idParams,
        querystring: chatPageQuerySchema,
        response: { 200: z.array(circleMessageSchema) },
      },
    },
    async (request) => {
      const reader = await requireUser(request);
      const id = parseCircleId(request.params.id);
      const rows = await listMessages(ctx, circleChat, reader, id, request.query);
      return rows.map(presentCircleMessage);
    },
  );

  app.post(
    '/api/circles/:id/messages',
    {
      schema: {
        summary: "Write in a swap circle's group chat",
        security: SIGNED_IN,
        params: idParams,
        body: circleMessageBodySchema,
        response: { 201: circleMessageSchema },
      },
    },
    async (request, reply) => {
      const author = await requireUser(request);
      const id = parseCircleId(request.params.id);
      const row = await postMessage(ctx, circleChat, author, id, request.body.content);
      return reply.code(201).send(presentCircleMessage(row));
    },
  );

  app.post(
    '/api/circles/:id/messages/read',
    {
      schema: {
        summary: "Mark a swap circle's chat as read",
        description: 'Called by the chat when it shows the messages.',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: messagesReadSchema },
      },
    },
    async (request) => {
      const reader = await requireUser(request);
      const id = parseCircleId(request.params.id);
      return { read: await markMessagesRead(ctx, circleChat, reader, id) };
    },
  );
}

function startExpiry(server: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    expireCircles(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'Expiring swap circles failed'),
    );
  server.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, EXPIRY_INTERVAL_MS);
    timer.unref();
  });
  server.addHook('onClose', async () => clearInterval(timer));
}
