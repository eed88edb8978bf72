import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import {
  createSavedSearchSchema,
  SAVED_SEARCH_NOT_FOUND,
  savedSearchSchema,
  updateSavedSearchSchema,
} from '../../../shared/saved-searches.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { presentSavedSearch } from './saved-searches.presenter.js';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  loadSavedSearch,
  updateSavedSearch,
} from './saved-searches.service.js';

const parseId = (raw: string) => numericId(raw, SAVED_SEARCH_NOT_FOUND);

/** Want alerts: a member's saved searches, and the listener that matches new listings to them. */
export function registerSavedSearchRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/saved-searches',
    {
      schema: {
        summary: 'Your want alerts (saved searches)',
        security: SIGNED_IN,
        response: { 200: z.array(savedSearchSchema) },
      },
    },
    async (request) =>
      (await listSavedSearches(ctx, await currentUser(request))).map(presentSavedSearch),
  );

  app.post(
    '/api/saved-searches',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Save a search as a want alert',
        description:
          'Words, category, place and scope (`local`: this community only; everywhere by default) as the browse search takes them; instant, daily or off. At most 50 per member.',
        security: SIGNED_IN,
        body: createSavedSearchSchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (request, reply) => {
      const owner = await requireUser(request);
      const id = await createSavedSearch(ctx, owner, request.body);
      return reply.code(201).send(presentSavedSearch(await loadSavedSearch(ctx, owner, id)));
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Change one of your want alerts',
        security: SIGNED_IN,
        params: idParams,
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseId(request.params.id);
      await updateSavedSearch(ctx, actor, id, request.body);
      return presentSavedSearch(await loadSavedSearch(ctx, actor, id));
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      schema: {
        summary: 'Delete one of your want alerts',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deleteSavedSearch(ctx, await requireUser(request), parseId(request.params.id));
      return { message: 'Saved search deleted' };
    },
  );
}
