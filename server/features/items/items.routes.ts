import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import {
  createItemSchema,
  debugSearchSchema,
  itemFacetsSchema,
  itemSchema,
  itemsQuerySchema,
  updateItemSchema,
} from '../../../shared/items.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { sendJsonText } from '../../http/json-text.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { presentDebugSearch, presentItem } from './items.presenter.js';
import {
  createItem,
  deleteItem,
  ITEM_NOT_FOUND,
  listFacets,
  listItems,
  listItemsBody,
  loadItem,
  loadItemBody,
  updateItem,
} from './items.service.js';

/** Five photos as the client compresses them are well under this; the server checks each too. */
const ITEM_BODY_LIMIT = 25 * 1024 * 1024;

const itemListSchema = z.array(itemSchema);

/** What the route's own serializer would send (fastify-type-provider-zod: encode, then JSON). */
const serialized = <T extends z.ZodType>(schema: T, value: z.output<T>): Buffer =>
  Buffer.from(JSON.stringify(z.encode(schema, value)));

/** Any id that is not a positive integer names no item: 404, like an unknown one. */
export const parseItemId = (raw: string): number => numericId(raw, ITEM_NOT_FOUND);

/**
 * GET /api/items/:id's bytes as a visitor (no session) gets them, from the same listing cache, or
 * null where it answers 404: the item page's HTML inlines them (plugins/client-app.ts).
 */
export function publicItemBody(ctx: AppContext) {
  return (id: number): Promise<Buffer | null> =>
    loadItemBody(ctx, id, async () => null, itemBody).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    });
}

const itemBody = (row: Parameters<typeof presentItem>[0]) =>
  serialized(itemSchema, presentItem(row));

export function registerItemRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const answer = async (id: number) => presentItem(await loadItem(ctx, id));

  app.get(
    '/api/items',
    {
      schema: {
        summary: 'Browse and search listings',
        description:
          "An array, newest first (or by rank when searching; when the words as typed find fewer than 10 listings, misspelt words are corrected to the nearest title words and those listings follow the exact ones). Inactive listings appear only in their owner's own `userId` list. `debug=true` wraps the answer as `{items, searchParams, debug}` for the diagnostics pages.",
        querystring: itemsQuerySchema,
        response: { 200: z.union([z.array(itemSchema), debugSearchSchema]) },
      },
    },
    async (request, reply) => {
      // Shared pages come from the page cache as bytes, serialized as the schema would; they
      // are the same for everyone, so only the others look the visitor's session up.
      const body = await listItemsBody(ctx, request.query, (rows, origin) =>
        serialized(
          itemListSchema,
          rows.map((row) => presentItem(row, { summary: true, from: origin })),
        ),
      );
      if (body) return sendJsonText(reply, body);
      const viewer = await currentUser(request);
      const started = performance.now();
      const { rows, origin } = await listItems(ctx, request.query, viewer);
      return request.query.debug
        ? presentDebugSearch(rows, request.query, performance.now() - started)
        : rows.map((row) => presentItem(row, { summary: true, from: origin }));
    },
  );

  app.get(
    '/api/items/facets',
    {
      schema: {
        summary: 'Counts per category and condition for a browse or search query',
        description:
          "Takes GET /api/items's query (`search`, `categoryId`, `condition`, `location`, `near`, …; paging is ignored) and counts the listings it finds per category and per condition. Category counts leave the query's own `categoryId` out and condition counts its `condition`, so each choice shows what it would find; `total` is the query's own count. Typo corrections count as the list shows them.",
        querystring: itemsQuerySchema,
        response: { 200: itemFacetsSchema },
      },
    },
    // Only a member's own list (userId) depends on who asks.
    async (request) =>
      listFacets(ctx, request.query, request.query.userId ? await currentUser(request) : null),
  );

  app.get(
    '/api/items/:id',
    {
      schema: {
        summary: 'One listing',
        description:
          "Inactive listings too, with `isActive: false`; a suspended member's listings only for admins.",
        params: idParams,
        response: { 200: itemSchema },
      },
    },
    async (request, reply) => {
      const id = parseItemId(request.params.id);
      const body = await loadItemBody(ctx, id, () => currentUser(request), itemBody);
      return sendJsonText(reply, body);
    },
  );

  app.post(
    '/api/items',
    {
      bodyLimit: ITEM_BODY_LIMIT,
      schema: {
        summary: 'Create a listing',
        description:
          '`images` holds up to 5 data URLs; each is checked, re-encoded as JPEG and stored. Banned words in the title or description are refused.',
        security: SIGNED_IN,
        body: createItemSchema,
        response: { 201: itemSchema },
      },
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
      schema: {
        summary: 'Edit your listing',
        description:
          'The owner only. `images` keeps the URLs it lists and adds data URLs; `estimatedValue` left out is kept.',
        security: SIGNED_IN,
        params: idParams,
        body: updateItemSchema,
        response: { 200: itemSchema },
      },
    },
    async (request) => {
      const id = parseItemId(request.params.id);
      await updateItem(ctx, await requireUser(request), id, request.body);
      return answer(id);
    },
  );

  app.delete(
    '/api/items/:id',
    {
      schema: {
        summary: 'Delete a listing and its pictures',
        description: 'The owner, or an admin.',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const id = parseItemId(request.params.id);
      await deleteItem(ctx, await requireUser(request), id);
      return { message: 'Item deleted successfully' };
    },
  );
}
