import type { Feature } from '../../infra/features.js';
import { registerDocsRoutes } from './docs.routes.js';

/** The API reference. */
export const docsFeature: Feature = {
  name: 'docs',
  routes: (app) => registerDocsRoutes(app),
};
