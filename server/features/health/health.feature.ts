import type { Feature } from '../../infra/features.js';
import { registerHealthRoutes } from './health.routes.js';
import { registerMetricsRoutes } from './metrics.routes.js';

/** Liveness, readiness and Prometheus metrics. */
export function healthFeature(databaseRestarting?: () => boolean): Feature {
  return {
    name: 'health',
    routes: (app, ctx) => {
      registerHealthRoutes(app, ctx, databaseRestarting);
      registerMetricsRoutes(app, ctx);
    },
  };
}
