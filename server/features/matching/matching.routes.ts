import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  matchesSchema,
  newMatchesSchema,
  wantedByBodySchema,
  wantsBodySchema,
  wantsSchema,
} from '../../../shared/matching.js';
import type { AppContext } from '../../context.js';
import { idParams, numericId } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { presentMatches, presentSummary } from './matching.presenter.js';
import { findSummaries } from './matching.queries.js';
import {
  countNewMatches,
  loadMatches,
  loadWantedBy,
  loadWants,
  markMatchesSeen,
  registerMatchingHooks,
  replaceWantedBy,
  replaceWants,
  scheduleFirstBuild,
} from './matching.service.js';

const parseItemId = (raw: string): number => numericId(raw, 'Item not found');

/** Ids in order with their cards. */
async function withSummaries(ctx: AppContext, ids: number[]) {
  const summaries = await findSummaries(ctx.db, ids);
  const items = ids.flatMap((id) => {
    const row = summaries.get(id);
    return row ? [presentSummary(row)] : [];
  });
  return { itemIds: items.map((item) => item.id), items };
}

/** Wants, matches and the graph's upkeep (DESIGN §8). */
export function registerMatching(server: FastifyInstance, ctx: AppContext): void {
  registerMatchingHooks(ctx);
  // After the job worker has started (app.ts adds its onReady hook first).
  server.addHook('onReady', () => scheduleFirstBuild(ctx));
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/items/:id/wants',
    { schema: { params: idParams, response: { 200: wantsSchema } } },
    async (request) => withSummaries(ctx, await loadWants(ctx, parseItemId(request.params.id))),
  );

  app.put(
    '/api/items/:id/wants',
    { schema: { params: idParams, body: wantsBodySchema, response: { 200: wantsSchema } } },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseItemId(request.params.id);
      await replaceWants(ctx, actor, id, request.body.itemIds);
      return withSummaries(ctx, await loadWants(ctx, id));
    },
  );

  app.get(
    '/api/items/:id/wanted-by',
    { schema: { params: idParams, response: { 200: wantsSchema } } },
    async (request) => {
      const actor = await requireUser(request);
      return withSummaries(ctx, await loadWantedBy(ctx, actor, parseItemId(request.params.id)));
    },
  );

  app.put(
    '/api/items/:id/wanted-by',
    { schema: { params: idParams, body: wantedByBodySchema, response: { 200: wantsSchema } } },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseItemId(request.params.id);
      await replaceWantedBy(ctx, actor, id, request.body.itemIds);
      return withSummaries(ctx, await loadWantedBy(ctx, actor, id));
    },
  );

  app.get('/api/matches', { schema: { response: { 200: matchesSchema } } }, async (request) =>
    presentMatches(await loadMatches(ctx, await requireUser(request))),
  );

  app.get(
    '/api/matches/new',
    { schema: { response: { 200: newMatchesSchema } } },
    async (request) => ({
      count: await countNewMatches(ctx, await requireUser(request)),
    }),
  );

  app.post(
    '/api/matches/seen',
    { schema: { response: { 200: newMatchesSchema } } },
    async (request) => {
      await markMatchesSeen(ctx, await requireUser(request));
      return { count: 0 };
    },
  );
}
