import type { Feature } from '../../infra/features.js';
import { alertListeners } from './alert-listener.js';
import { registerSavedSearchRoutes } from './saved-searches.routes.js';

/** Want alerts (saved searches) matched against new listings. */
export const alertsFeature: Feature = {
  name: 'alerts',
  listeners: alertListeners,
  routes: registerSavedSearchRoutes,
};
