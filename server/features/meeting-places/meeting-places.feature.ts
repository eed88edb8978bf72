import type { Feature } from '../../infra/features.js';
import { registerMeetingPlaceRoutes } from './meeting-places.routes.js';

/** Safe meeting places (issue 40 §4): kept by admins, suggested in a local offer's chat. */
export const meetingPlacesFeature: Feature = {
  name: 'meeting-places',
  routes: registerMeetingPlaceRoutes,
};
