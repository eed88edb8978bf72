import type { Feature } from '../../infra/features.js';
import { registerCategoryRoutes } from './categories.routes.js';

/** The categories. */
export const categoriesFeature: Feature = {
  name: 'categories',
  routes: registerCategoryRoutes,
};
