import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSwapRequestSchema,
  messageSchema,
  updateSwapStatusSchema,
} from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireUser } from '../../plugins/session.js';
import {
  createSwapRequest,
  getSwapRequest,
  listMessages,
  listSwapRequests,
  postMessage,
  SWAP_NOT_FOUND,
  updateSwapStatus,
} from './swaps.service.js';

const idParams = z.object({ id: z.string() });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
const messagesQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) });

/** One offer photo, compressed by the client, fits easily. */
const OFFER_BODY_LIMIT = 12 * 1024 * 1024;

function parseSwapId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id < 1 || id > 2_147_483_647)
    throw new AppError(404, SWAP_NOT_FOUND);
  return id;
}

export function registerSwapRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/swap-requests', { schema: { querystring: pageQuery } }, async (request) =>
    listSwapRequests(ctx, await requireUser(request), request.query),
  );

  app.post(
    '/api/swap-requests',
    { bodyLimit: OFFER_BODY_LIMIT, schema: { body: createSwapRequestSchema } },
    async (request, reply) => {
      const sender = await requireUser(request);
      return reply.code(201).send(await createSwapRequest(ctx, sender, request.body));
    },
  );

  app.get('/api/swap-requests/:id', { schema: { params: idParams } }, async (request) =>
    getSwapRequest(ctx, await requireUser(request), parseSwapId(request.params.id)),
  );

  app.patch(
    '/api/swap-requests/:id',
    { schema: { params: idParams, body: updateSwapStatusSchema } },
    async (request) => {
      const user = await requireUser(request);
      return updateSwapStatus(ctx, user, parseSwapId(request.params.id), request.body.status);
    },
  );

  app.get(
    '/api/swap-requests/:id/messages',
    { schema: { params: idParams, querystring: messagesQuery } },
    async (request) =>
      listMessages(ctx, await requireUser(request), parseSwapId(request.params.id), request.query),
  );

  app.post(
    '/api/swap-requests/:id/messages',
    { schema: { params: idParams, body: messageSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply
        .code(201)
        .send(await postMessage(ctx, user, parseSwapId(request.params.id), request.body.content));
    },
  );
}
