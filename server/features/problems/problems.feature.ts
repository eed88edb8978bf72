import type { Feature } from '../../infra/features.js';
import { milestoneListeners } from './problems.milestones.js';
import { registerProblemRoutes } from './problems.routes.js';

/** Problems after a swap or a circle, and no-shows (issue 40 §2); the admins' queue is admin's. */
export const problemsFeature: Feature = {
  name: 'problems',
  listeners: milestoneListeners,
  routes: registerProblemRoutes,
};
