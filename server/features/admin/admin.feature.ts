import type { Feature } from '../../infra/features.js';
import { registerAdminRoutes } from './admin.routes.js';

/** The admin dashboard and moderation. */
export const adminFeature: Feature = {
  name: 'admin',
  routes: registerAdminRoutes,
};
