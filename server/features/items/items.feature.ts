import type { Feature } from '../../infra/features.js';
import { registerItemRoutes } from './items.routes.js';

/** Listings: writing them, one listing. */
export const itemsFeature: Feature = {
  name: 'items',
  routes: registerItemRoutes,
};
