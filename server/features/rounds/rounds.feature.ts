import type { Feature } from '../../infra/features.js';
import { registerRoundRoutes } from './rounds.routes.js';
import { roundJobs } from './rounds.service.js';

/** Swap rounds and their solver. */
export const roundsFeature: Feature = {
  name: 'rounds',
  jobs: roundJobs,
  routes: registerRoundRoutes,
};
