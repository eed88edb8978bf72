import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Liveness: the process answers. */
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** Readiness: the database answers too; a load balancer stops sending traffic otherwise. */
  app.get('/readyz', async (request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'Readiness check failed');
      return reply.code(503).send({ message: 'Database unavailable' });
    }
  });
}
