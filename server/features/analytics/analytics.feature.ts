import type { Feature } from '../../infra/features.js';
import { registerAnalyticsRoutes } from './analytics.routes.js';

/** Page views and visitor statistics. */
export const analyticsFeature: Feature = {
  name: 'analytics',
  routes: registerAnalyticsRoutes,
};
