import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedbackEntrySchema,
  feedbackSchema,
  ratingStatsSchema,
  swapStatsSchema,
} from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, pageQuery, userIdParams } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { presentFeedback } from './feedback.presenter.js';
import {
  findFeedback,
  findFeedbackFor,
  findRatingStats,
  findSwapStats,
} from './feedback.queries.js';
import { createFeedback } from './feedback.service.js';

export function registerFeedbackRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/feedback',
    {
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Rate the other party of a completed swap',
        description: 'Once per swap and member; `toUserId` must be the other party.',
        security: SIGNED_IN,
        body: feedbackSchema,
        response: { 201: feedbackEntrySchema },
      },
    },
    async (request, reply) => {
      const id = await createFeedback(ctx, await requireUser(request), request.body);
      const row = await findFeedback(ctx.db, id);
      if (!row) throw new Error('feedback vanished');
      return reply.code(201).send(presentFeedback(row));
    },
  );

  app.get(
    '/api/feedback/:userId',
    {
      schema: {
        summary: "A member's rating",
        params: userIdParams,
        response: { 200: z.object({ stats: ratingStatsSchema }) },
      },
    },
    async (request) => ({ stats: await findRatingStats(ctx.db, request.params.userId) }),
  );

  app.get(
    '/api/users/:id/feedback',
    {
      schema: {
        summary: 'Feedback a member received, with their rating',
        params: idParams,
        querystring: pageQuery(50, 100),
        response: {
          200: z.object({ feedback: z.array(feedbackEntrySchema), stats: ratingStatsSchema }),
        },
      },
    },
    async (request) => {
      const [rows, stats] = await Promise.all([
        findFeedbackFor(ctx.db, request.params.id, request.query),
        findRatingStats(ctx.db, request.params.id),
      ]);
      return { feedback: rows.map(presentFeedback), stats };
    },
  );

  app.get(
    '/api/users/:id/rating-stats',
    {
      schema: {
        summary: "A member's average rating and count",
        params: idParams,
        response: { 200: ratingStatsSchema },
      },
    },
    async (request) => findRatingStats(ctx.db, request.params.id),
  );

  app.get(
    '/api/users/:id/swap-stats',
    {
      schema: {
        summary: "A member's completed swaps",
        params: idParams,
        response: { 200: swapStatsSchema },
      },
    },
    async (request) => findSwapStats(ctx.db, request.params.id),
  );
}
