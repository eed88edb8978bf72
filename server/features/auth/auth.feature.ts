import type { Feature } from '../../infra/features.js';
import { registerAuthRoutes } from './auth.routes.js';
import { authJobs } from './auth.service.js';

/** Registration, sign-in, password reset and verification. */
export const authFeature: Feature = {
  name: 'auth',
  jobs: authJobs,
  routes: registerAuthRoutes,
};
