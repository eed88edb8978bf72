import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createItemSchema, itemsQuerySchema, updateItemSchema } from '../../../shared/items.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import {
  createItem,
  debugSearch,
  deleteItem,
  getItem,
  ITEM_NOT_FOUND,
  listItems,
  updateItem,
} from './items.service.js';

/** Five photos as the client compresses them are well under this; the server checks each too. */
const ITEM_BODY_LIMIT = 25 * 1024 * 1024;

const idParams = z.object({ id: z.string() });

/** Any id that is not a positive integer names no item: 404, like an unknown one. */
export function parseItemId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AppError(404, ITEM_NOT_FOUND);
  }
  return id;
}

export function registerItemRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/items', { schema: { querystring: itemsQuerySchema } }, async (request) => {
    const viewer = await currentUser(request);
    return request.query.debug
      ? debugSearch(ctx, request.query, viewer)
      : listItems(ctx, request.query, viewer);
  });

  app.get('/api/items/:id', { schema: { params: idParams } }, async (request) =>
    getItem(ctx, parseItemId(request.params.id)),
  );

  app.post(
    '/api/items',
    { bodyLimit: ITEM_BODY_LIMIT, schema: { body: createItemSchema } },
    async (request, reply) => {
      const owner = await requireUser(request);
      return reply.code(201).send(await createItem(ctx, owner, request.body));
    },
  );

  app.put(
    '/api/items/:id',
    { bodyLimit: ITEM_BODY_LIMIT, schema: { params: idParams, body: updateItemSchema } },
    async (request) => {
      const actor = await requireUser(request);
      return updateItem(ctx, actor, parseItemId(request.params.id), request.body);
    },
  );

  app.delete('/api/items/:id', { schema: { params: idParams } }, async (request) => {
    const actor = await requireUser(request);
    await deleteItem(ctx, actor, parseItemId(request.params.id));
    return { message: 'Item deleted successfully' };
  });
}
