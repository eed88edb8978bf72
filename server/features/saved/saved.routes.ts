import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedEntrySchema, savedIdsSchema, savedStateSchema } from '../../../shared/items.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, pageQuery } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { parseItemId } from '../items/items.routes.js';
import { presentSavedEntry } from './saved.presenter.js';
import { isSaved, listSaved, savedItemIds, saveItem, unsaveItem } from './saved.service.js';

const savedState = (summary: string) => ({
  summary,
  security: SIGNED_IN,
  params: idParams,
  response: { 200: savedStateSchema },
});

export function registerSavedRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/items/:id/saved',
    { schema: savedState('Whether you saved this listing') },
    async (request) => {
      const user = await requireUser(request);
      return { isSaved: await isSaved(ctx, user, parseItemId(request.params.id)) };
    },
  );

  // Saving changes nothing a listing or a page of listings shows (decision 005).
  app.post(
    '/api/items/:id/save',
    { schema: savedState('Save a listing (idempotent)') },
    async (request) => {
      const user = await requireUser(request);
      await saveItem(ctx, user, parseItemId(request.params.id));
      return { isSaved: true };
    },
  );

  app.delete(
    '/api/items/:id/save',
    { schema: savedState('Unsave a listing (idempotent)') },
    async (request) => {
      const user = await requireUser(request);
      await unsaveItem(ctx, user, parseItemId(request.params.id));
      return { isSaved: false };
    },
  );

  app.get(
    '/api/saved-items/ids',
    {
      schema: {
        summary: 'The ids of every listing you saved (the hearts of a page in one call)',
        security: SIGNED_IN,
        response: { 200: savedIdsSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { itemIds: await savedItemIds(ctx, user) };
    },
  );

  app.get(
    '/api/saved-items',
    {
      schema: {
        summary: 'Your saved listings',
        security: SIGNED_IN,
        querystring: pageQuery(100, 100),
        response: { 200: z.array(savedEntrySchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await listSaved(ctx, user, request.query);
      return rows.map((row) => presentSavedEntry(row, user.id));
    },
  );
}
