import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import {
  followInstanceSchema,
  instanceSchema,
  updateInstanceSchema,
} from '../../../shared/federation.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { requireAdmin } from '../../plugins/session.js';
import {
  followInstance,
  INSTANCE_NOT_FOUND,
  listInstances,
  unfollowInstance,
  updateInstance,
} from './instances.service.js';

const parseInstanceId = (raw: string) => numericId(raw, INSTANCE_NOT_FOUND);

/** The admins' federation screen: instances followed, following, blocked (issue 37 §2). */
export function registerFederationRoutes(server: FastifyInstance, ctx: AppContext): void {
  server.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      await requireAdmin(request);
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/admin/federation/instances',
      {
        schema: {
          summary: 'Other instances this one knows',
          description:
            '`following`: our follow of them; `follower`: theirs of us; each none, pending, accepted or rejected. Admins only.',
          security: SIGNED_IN,
          response: { 200: z.array(instanceSchema) },
        },
      },
      async () => listInstances(ctx),
    );

    app.post(
      '/api/admin/federation/instances',
      {
        schema: {
          summary: 'Follow another instance',
          description:
            'Reads the SwapMarket instance at `url` and sends it a Follow; its listings arrive once it accepts. Admins only.',
          security: SIGNED_IN,
          body: followInstanceSchema,
          response: { 201: instanceSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await followInstance(ctx, request.body.url)),
    );

    app.patch(
      '/api/admin/federation/instances/:id',
      {
        schema: {
          summary: 'Answer an instance’s follow, or block it',
          description:
            '`follower`: accepted or rejected answers its follow request; `blocked`: true takes its listings, wants and members off this instance at once and refuses its deliveries. Admins only.',
          security: SIGNED_IN,
          params: idParams,
          body: updateInstanceSchema,
          response: { 200: instanceSchema },
        },
      },
      async (request) => updateInstance(ctx, parseInstanceId(request.params.id), request.body),
    );

    app.delete(
      '/api/admin/federation/instances/:id',
      {
        schema: {
          summary: 'Stop following an instance',
          description:
            'Sends an Undo of our Follow; its listings leave this instance. Admins only.',
          security: SIGNED_IN,
          params: idParams,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await unfollowInstance(ctx, parseInstanceId(request.params.id));
        return { message: 'Instance unfollowed' };
      },
    );
  });
}
