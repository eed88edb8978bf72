import type { Feature } from '../../infra/features.js';
import { registerEventRoutes } from './events.routes.js';

/** Members' live streams. */
export const eventsFeature: Feature = {
  name: 'events',
  routes: registerEventRoutes,
};
