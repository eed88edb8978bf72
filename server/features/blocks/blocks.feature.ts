import type { Feature } from '../../infra/features.js';
import { registerBlockRoutes } from './blocks.routes.js';

/** Blocking members. */
export const blocksFeature: Feature = {
  name: 'blocks',
  routes: registerBlockRoutes,
};
