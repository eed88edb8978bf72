import type { Feature } from '../../infra/features.js';
import { registerSearchRoutes } from './search.routes.js';
import { vocabularyListeners } from './spelling.js';

/** Browse and search, the typo vocabulary. */
export const searchFeature: Feature = {
  name: 'search',
  listeners: vocabularyListeners,
  routes: registerSearchRoutes,
};
