import type { Feature } from '../../infra/features.js';
import { registerSavedRoutes } from './saved.routes.js';

/** Saved listings. */
export const savedFeature: Feature = {
  name: 'saved',
  routes: registerSavedRoutes,
};
