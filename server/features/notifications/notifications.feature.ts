import type { Feature } from '../../infra/features.js';
import { deliveryJobs } from './delivery.js';
import { notificationListeners } from './notification-listeners.js';
import { registerNotificationRoutes } from './notifications.routes.js';

/** Notifications in the app, by email and in digests. */
export const notificationsFeature: Feature = {
  name: 'notifications',
  listeners: notificationListeners,
  jobs: deliveryJobs,
  routes: registerNotificationRoutes,
};
