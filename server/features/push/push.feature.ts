import type { Feature } from '../../infra/features.js';
import { pushJobs } from './push.delivery.js';
import { registerPushRoutes } from './push.routes.js';

/** Web Push to members' devices. */
export const pushFeature: Feature = {
  name: 'push',
  jobs: pushJobs,
  routes: registerPushRoutes,
};
