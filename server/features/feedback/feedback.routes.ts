import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackSchema } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/session.js';
import { createFeedback, feedbackFor, ratingStats, swapStats } from './feedback.service.js';

const userParams = z.object({ userId: z.string().max(64) });
const idParams = z.object({ id: z.string().max(64) });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export function registerFeedbackRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/feedback',
    { bodyLimit: 16 * 1024, schema: { body: feedbackSchema } },
    async (request, reply) => {
      const author = await requireUser(request);
      return reply.code(201).send(await createFeedback(ctx, author, request.body));
    },
  );

  app.get('/api/feedback/:userId', { schema: { params: userParams } }, async (request) => ({
    stats: await ratingStats(ctx, request.params.userId),
  }));

  app.get(
    '/api/users/:id/feedback',
    { schema: { params: idParams, querystring: pageQuery } },
    async (request) => {
      const [feedback, stats] = await Promise.all([
        feedbackFor(ctx, request.params.id, request.query),
        ratingStats(ctx, request.params.id),
      ]);
      return { feedback, stats };
    },
  );

  app.get('/api/users/:id/rating-stats', { schema: { params: idParams } }, async (request) =>
    ratingStats(ctx, request.params.id),
  );

  app.get('/api/users/:id/swap-stats', { schema: { params: idParams } }, async (request) =>
    swapStats(ctx, request.params.id),
  );
}
