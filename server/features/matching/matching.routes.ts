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
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { presentMatches, presentSummary } from './matching.presenter.js';
import { findSummaries } from './matching.queries.js';
import {
  countNewMatches,
  graphUpkeepOf,
  loadMatches,
  loadWantedBy,
  loadWants,
  markMatchesSeen,
  replaceWantedBy,
  replaceWants,
  scheduleFirstBuild,
} from './matching.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The want graph's upkeep: tests wait for it to apply what they changed (`settle`). */
    wantGraph: { settle: () => Promise<void> };
  }
}

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
  // After the job worker has started (app.ts adds its onReady hook first).
  // A database that is down at start-up gets its first build at the next start.
  server.addHook('onReady', () =>
    scheduleFirstBuild(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'Could not check whether the want graph needs a first build'),
    ),
  );
  const upkeep = graphUpkeepOf(ctx);
  server.decorate('wantGraph', { settle: () => upkeep.settle() });
  // A run started after a commit finishes before the pool closes.
  server.addHook('onClose', () => upkeep.idle());
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/items/:id/wants',
    {
      schema: {
        summary: "What a listing's owner would take for it",
        description: 'Active listings only, in the order of preference. Public.',
        params: idParams,
        response: { 200: wantsSchema },
      },
    },
    async (request) => withSummaries(ctx, await loadWants(ctx, parseItemId(request.params.id))),
  );

  app.put(
    '/api/items/:id/wants',
    {
      schema: {
        summary: 'Replace what you would take for your listing',
        description:
          'Ordered (position = preference), at most 500 listings of other members. Answers the new list at once; matches and circles follow shortly after (a `matches` live event tells when).',
        security: SIGNED_IN,
        params: idParams,
        body: wantsBodySchema,
        response: { 200: wantsSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseItemId(request.params.id);
      // Read back at once; matches follow when the graph's upkeep has applied it.
      await replaceWants(ctx, actor, id, request.body.itemIds);
      return withSummaries(ctx, await loadWants(ctx, id));
    },
  );

  app.get(
    '/api/items/:id/wanted-by',
    {
      schema: {
        summary: "Which of your listings you would swap for another member's listing",
        security: SIGNED_IN,
        params: idParams,
        response: { 200: wantsSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      return withSummaries(ctx, await loadWantedBy(ctx, actor, parseItemId(request.params.id)));
    },
  );

  app.put(
    '/api/items/:id/wanted-by',
    {
      schema: {
        summary: "I'd swap for this: choose which of your listings you would give for it",
        security: SIGNED_IN,
        params: idParams,
        body: wantedByBodySchema,
        response: { 200: wantsSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseItemId(request.params.id);
      await replaceWantedBy(ctx, actor, id, request.body.itemIds);
      return withSummaries(ctx, await loadWantedBy(ctx, actor, id));
    },
  );

  app.get(
    '/api/matches',
    {
      schema: {
        summary: 'Your matches: listings you want, mutual matches and swap circles',
        security: SIGNED_IN,
        response: { 200: matchesSchema },
      },
    },
    async (request) => presentMatches(await loadMatches(ctx, await requireUser(request))),
  );

  app.get(
    '/api/matches/new',
    {
      schema: {
        summary: 'How many matches arrived since you last looked',
        security: SIGNED_IN,
        response: { 200: newMatchesSchema },
      },
    },
    async (request) => ({
      count: await countNewMatches(ctx, await requireUser(request)),
    }),
  );

  app.post(
    '/api/matches/seen',
    {
      schema: {
        summary: 'Mark your matches as seen',
        security: SIGNED_IN,
        response: { 200: newMatchesSchema },
      },
    },
    async (request) => {
      await markMatchesSeen(ctx, await requireUser(request));
      return { count: 0 };
    },
  );
}
