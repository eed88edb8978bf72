import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../infra/metrics.js';

/** Counts and times every answered request by its route pattern (never the raw URL: ids would explode the series). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  if (!metrics.enabled) return;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
