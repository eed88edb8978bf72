import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import {
  createItemSchema,
  debugSearchSchema,
  itemSchema,
  itemsQuerySchema,
  updateItemSchema,
} from '../../../shared/items.js';
import type { AppContext } from '../../context.js';
import { idParams, numericId } from '../../http/params.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { presentDebugSearch, presentItem } from './items.presenter.js';
import {
  createItem,
  deleteItem,
  ITEM_NOT_FOUND,
  listItems,
  loadItem,
  updateItem,
} from './items.service.js';

/** Five photos as the client compresses them are well under this; the server checks each too. */
const ITEM_BODY_LIMIT = 25 * 1024 * 1024;

/** Any id that is not a positive integer names no item: 404, like an unknown one. */
export const parseItemId = (raw: string): number => numericId(raw, ITEM_NOT_FOUND);

export function registerItemRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const answer = async (id: number) => presentItem(await loadItem(ctx, id));

  app.get(
    '/api/items',
    {
      schema: {
        querystring: itemsQuerySchema,
        response: { 200: z.union([z.array(itemSchema), debugSearchSchema]) },
      },
    },
    async (request) => {
      const viewer = await currentUser(request);
      const started = performance.now();
      const { rows, origin } = await listItems(ctx, request.query, viewer);
      return request.query.debug
        ? presentDebugSearch(rows, request.query, performance.now() - started)
        : rows.map((row) => presentItem(row, { summary: true, from: origin }));
    },
  );

  app.get(
    '/api/items/:id',
    { schema: { params: idParams, response: { 200: itemSchema } } },
    async (request) =>
      presentItem(await loadItem(ctx, parseItemId(request.params.id), await currentUser(request))),
  );

  app.post(
    '/api/items',
    {
      bodyLimit: ITEM_BODY_LIMIT,
      schema: { body: createItemSchema, response: { 201: itemSchema } },
    },
    async (request, reply) => {
      const id = await createItem(ctx, await requireUser(request), request.body);
      return reply.code(201).send(await answer(id));
    },
  );

  app.put(
    '/api/items/:id',
    {
      bodyLimit: ITEM_BODY_LIMIT,
      schema: { params: idParams, body: updateItemSchema, response: { 200: itemSchema } },
    },
    async (request) => {
      const id = parseItemId(request.params.id);
      await updateItem(ctx, await requireUser(request), id, request.body);
      return answer(id);
    },
  );

  app.delete(
    '/api/items/:id',
    { schema: { params: idParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      const id = parseItemId(request.params.id);
      await deleteItem(ctx, await requireUser(request), id);
      return { message: 'Item deleted successfully' };
    },
  );
}
