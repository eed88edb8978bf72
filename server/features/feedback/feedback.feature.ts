import type { Feature } from '../../infra/features.js';
import { registerFeedbackRoutes } from './feedback.routes.js';

/** Ratings. */
export const feedbackFeature: Feature = {
  name: 'feedback',
  routes: registerFeedbackRoutes,
};
