import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import { createItemSchema, itemSchema, updateItemSchema } from '../../../shared/items.js';
import type { Actor } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { sendJsonText, serializedJson } from '../../http/json-text.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { presentItem } from './items.presenter.js';
import { createItem, deleteItem, ITEM_NOT_FOUND, loadItem, updateItem } from './items.service.js';
import { listingCacheOf } from './listing-cache.js';
import { findItem } from './listing-reads.js';

/** Five photos as the client compresses them are well under this; the server checks each too. */
const ITEM_BODY_LIMIT = 25 * 1024 * 1024;

/** Any id that is not a positive integer names no item: 404, like an unknown one. */
export const parseItemId = (raw: string): number => numericId(raw, ITEM_NOT_FOUND);

/**
 * GET /api/items/:id's bytes as a visitor (no session) gets them, from the same listing cache, or
 * null where it answers 404: the item page's HTML inlines them (plugins/client-app.ts).
 */
export function publicItemBody(ctx: AppContext) {
  return (id: number): Promise<Buffer | null> =>
    keptItemBody(ctx, id, async () => null).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    });
}

/**
 * A listing as the JSON bytes GET /api/items/:id sends, kept beside its row in this server's
 * listing cache; the suspension check runs on every request, against this viewer (asked only
 * for a suspended owner's listing: a signed-in visitor costs no session lookup).
 */
async function keptItemBody(
  ctx: AppContext,
  id: number,
  viewer: () => Promise<Actor | null>,
): Promise<Buffer> {
  const entry = await listingCacheOf(ctx).get(String(id), async () => {
    const row = await findItem(ctx.db, id);
    return row ? { row, body: serializedJson(itemSchema, presentItem(row)) } : null;
  });
  if (!entry) throw new AppError(404, ITEM_NOT_FOUND);
  if (entry.row.owner.suspendedAt !== null && !(await viewer())?.isAdmin)
    throw new AppError(404, ITEM_NOT_FOUND);
  return entry.body;
}

export function registerItemRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const answer = async (id: number) => presentItem(await loadItem(ctx, id));

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
      const body = await keptItemBody(ctx, id, () => currentUser(request));
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
          'The owner only, and not while a trade in progress (an accepted circle, a round entry) holds the listing: 409. `images` keeps the URLs it lists and adds data URLs; `estimatedValue` left out is kept.',
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
        description:
          'The owner (not while a trade in progress holds the listing: 409), or an admin moderating (an accepted circle holding it is then called off).',
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
