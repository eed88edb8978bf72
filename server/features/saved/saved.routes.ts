import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/session.js';
import { parseItemId } from '../items/items.routes.js';
import { isSaved, listSaved, saveItem, unsaveItem } from './saved.service.js';

const idParams = z.object({ id: z.string() });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export function registerSavedRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/items/:id/saved', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(request);
    return { isSaved: await isSaved(ctx, user, parseItemId(request.params.id)) };
  });

  app.post('/api/items/:id/save', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(request);
    await saveItem(ctx, user, parseItemId(request.params.id));
    return { isSaved: true };
  });

  app.delete('/api/items/:id/save', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(request);
    await unsaveItem(ctx, user, parseItemId(request.params.id));
    return { isSaved: false };
  });

  app.get('/api/saved-items', { schema: { querystring: pageQuery } }, async (request) =>
    listSaved(ctx, await requireUser(request), request.query),
  );
}
