import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewSchema, visitCountSchema } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/session.js';
import { recordPageView, totalPageViews } from './analytics.service.js';

const PAGE_VIEWS_PER_MINUTE = 120;
const pageViewAnswer = z.object({ counted: z.boolean() });

export function registerAnalyticsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  /** First-party page views (DESIGN §7): the client reports each route change. */
  app.post(
    '/api/page-views',
    {
      bodyLimit: 2048,
      // One per click of every visitor: it must not empty this server's page and listing caches.
      schema: {
        summary: 'Record a page view',
        description:
          'The client sends one per route change; bots and /api paths are not counted (then 200 with `counted: false`).',
        body: pageViewSchema,
        response: { 200: pageViewAnswer, 201: pageViewAnswer },
      },
    },
    async (request, reply) => {
      await ctx.rateLimiter.consume({
        key: `page-views:addr:${request.ip}`,
        limit: PAGE_VIEWS_PER_MINUTE,
        windowMs: 60_000,
      });
      const user = await currentUser(request);
      const counted = await recordPageView(ctx, {
        path: request.body.path,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
        userId: user?.id ?? null,
      });
      return reply.code(counted ? 201 : 200).send({ counted });
    },
  );

  app.get(
    '/api/unique-visitor-count',
    { schema: { summary: 'The visit counter', response: { 200: visitCountSchema } } },
    async () => ({ totalPageViews: await totalPageViews(ctx) }),
  );
}
