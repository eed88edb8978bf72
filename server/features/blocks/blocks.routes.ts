import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockSchema, blockStateSchema } from '../../../shared/users.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { presentPublicUser } from '../users/public-user.js';
import { blockMember, listBlocks, unblockMember } from './blocks.service.js';

export function registerBlockRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users/:id/block',
    {
      schema: {
        summary: 'Block a member',
        description:
          'Neither of you can then send the other offers, counter-offers, messages or circles (403 "You cannot contact this member"), and neither sees the other’s listings in matches and alerts. Existing conversations are kept, closed. Blocking again changes nothing.',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: blockStateSchema },
      },
    },
    async (request) => {
      await blockMember(ctx, await requireUser(request), request.params.id);
      return { blocked: true };
    },
  );

  app.delete(
    '/api/users/:id/block',
    {
      schema: {
        summary: 'Unblock a member',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: blockStateSchema },
      },
    },
    async (request) => {
      await unblockMember(ctx, await requireUser(request), request.params.id);
      return { blocked: false };
    },
  );

  app.get(
    '/api/blocks',
    {
      schema: {
        summary: 'The members you have blocked',
        description: 'Most recent first, each with their public profile.',
        security: SIGNED_IN,
        response: { 200: z.array(blockSchema) },
      },
    },
    async (request) => {
      const rows = await listBlocks(ctx, await requireUser(request));
      return rows.map((row) => ({
        user: presentPublicUser(row.user),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
}
