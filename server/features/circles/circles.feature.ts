import type { Feature } from '../../infra/features.js';
import { registerCircleRoutes } from './circles.routes.js';
import { circleListeners } from './circles.service.js';

/** Swap circles. */
export const circlesFeature: Feature = {
  name: 'circles',
  listeners: circleListeners,
  routes: registerCircleRoutes,
};
