import type { Feature } from '../../infra/features.js';
import { registerImageRoutes } from './images.routes.js';

/** Pictures. */
export const imagesFeature: Feature = {
  name: 'images',
  routes: registerImageRoutes,
};
