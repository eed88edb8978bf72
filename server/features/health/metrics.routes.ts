import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { METRICS_SECURITY_SCHEME, rawResponse } from '../../http/openapi.js';

export const METRICS_PATH = '/metrics';
export const METRICS_OFF = 'Not found';
export const METRICS_TOKEN_REQUIRED = 'Metrics need Authorization: Bearer <METRICS_TOKEN>';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function presentsToken(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

export function registerMetricsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const token = ctx.config.metricsToken;

  app.get(
    METRICS_PATH,
    {
      schema: {
        summary: 'Prometheus metrics of this app server',
        description:
          'Off (404) unless the server was started with METRICS_TOKEN; then it needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Requests and latency by route and status, event-loop lag, pool use, open event streams, emails and pushes sent by this server; job queue depth and failures from PostgreSQL (the same on every server).',
        security: [{ [METRICS_SECURITY_SCHEME]: [] }],
        response: { 200: rawResponse('Prometheus text exposition format', ['text/plain']) },
      },
    },
    async (request, reply) => {
      if (token === undefined) throw new AppError(404, METRICS_OFF);
      if (!presentsToken(request.headers.authorization, token)) {
        throw new AppError(401, METRICS_TOKEN_REQUIRED, { 'www-authenticate': 'Bearer' });
      }
      const { contentType, body } = await ctx.metrics.scrape();
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
