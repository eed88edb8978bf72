import type { Feature } from '../../infra/features.js';
import { registerReportRoutes } from './reports.routes.js';

/** Reports on listings and members. */
export const reportsFeature: Feature = {
  name: 'reports',
  routes: registerReportRoutes,
};
