import type { Feature } from '../../infra/features.js';
import { reliabilityListeners } from './reliability.js';
import { registerUserRoutes } from './users.routes.js';

/** Profiles and reliability. */
export const usersFeature: Feature = {
  name: 'users',
  listeners: reliabilityListeners,
  routes: registerUserRoutes,
};
