import type { Feature } from '../../infra/features.js';
import { registerSiteRoutes } from './site.routes.js';

/** Public site settings. */
export const siteFeature: Feature = {
  name: 'site',
  routes: registerSiteRoutes,
};
