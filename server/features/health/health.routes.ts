import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Health, healthSchema } from '../../../shared/site.schemas.js';
import type { AppContext } from '../../context.js';
import { migrationState } from '../../db/migrate.js';

export const HEALTH_PATH = '/api/health';

export function registerHealthRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  databaseRestarting: () => boolean = () => false,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const query = (text: string) => ctx.db.$client.query(text);
  const notReady = (database: Health['database']): Health => ({
    live: true,
    ready: false,
    database,
    migrations: 'unknown',
    schemaVersion: null,
  });

  async function readHealth(log: FastifyBaseLogger): Promise<Health> {
    if (databaseRestarting()) return notReady('restarting');
    try {
      const migrations = await migrationState(query);
      return {
        live: true,
        ready: migrations.state === 'done',
        database: 'reachable',
        migrations: migrations.state,
        schemaVersion: migrations.latest,
      };
    } catch (error) {
      log.warn({ err: error }, 'Health check: database unavailable');
      return notReady('unreachable');
    }
  }

  /** Liveness: the process answers. */
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  /** Readiness: the database answers too; a load balancer stops sending traffic otherwise. */
  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the database answers (else 503)',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      if (databaseRestarting()) {
        return reply.code(503).send({ message: 'Database restarting' });
      }
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'Readiness check failed');
        return reply.code(503).send({ message: 'Database unavailable' });
      }
    },
  );

  app.get(
    HEALTH_PATH,
    {
      schema: {
        summary: 'Live and ready, for load balancers',
        description:
          'Always `live: true` when it answers. `ready` needs the database to answer and to have every migration this server ships; 200 when ready, 503 otherwise, with the same body. Point liveness probes at `live`, traffic decisions at the status code.',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const health = await readHealth(request.log);
      return reply
        .code(health.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    },
  );
}
