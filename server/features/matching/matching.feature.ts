import type { Feature } from '../../infra/features.js';
import { registerMatching } from './matching.routes.js';
import { matchingJobs, matchingListeners } from './matching.service.js';

/** Wants, the want graph and matches (DESIGN §8). */
export const matchingFeature: Feature = {
  name: 'matching',
  listeners: matchingListeners,
  jobs: matchingJobs,
  routes: registerMatching,
};
