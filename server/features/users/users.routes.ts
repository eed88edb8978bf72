import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientUserSchema } from '../../../shared/auth.schemas.js';
import { updateProfileSchema } from '../../../shared/users.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/session.js';
import { presentCurrentUser } from './user.presenter.js';
import { getActivity, getPublicProfile, updateProfile } from './users.service.js';

const idParams = z.object({ id: z.string().max(64) });

export function registerUserRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/users/:id', { schema: { params: idParams } }, async (request) =>
    getPublicProfile(ctx, request.params.id),
  );

  app.get('/api/users/:id/activity', { schema: { params: idParams } }, async (request) =>
    getActivity(ctx, request.params.id),
  );

  app.patch(
    '/api/users/profile',
    {
      bodyLimit: 12 * 1024 * 1024,
      schema: { body: updateProfileSchema, response: { 200: clientUserSchema } },
    },
    async (request) =>
      presentCurrentUser(await updateProfile(ctx, await requireUser(request), request.body)),
  );
}
