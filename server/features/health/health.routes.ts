import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

export function registerHealthRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  /** Liveness: the process answers. */
  app.get(
    '/healthz',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  /** Readiness: the database answers too; a load balancer stops sending traffic otherwise. */
  app.get(
    '/readyz',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'Readiness check failed');
        return reply.code(503).send({ message: 'Database unavailable' });
      }
    },
  );
}
