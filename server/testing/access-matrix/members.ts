import { randomUUID } from 'node:crypto';
import { requireActor } from '../../../shared/policies/decision.js';
import { canBlockMember, canReportMember } from '../../../shared/policies/members.js';
import {
  canChangeNotificationSettings,
  canReadNotifications,
} from '../../../shared/policies/notifications.js';
import { canEditProfile } from '../../../shared/policies/profiles.js';
import { canManagePushSubscriptions } from '../../../shared/policies/push.js';
import {
  canChangeSavedSearch,
  canListSavedSearches,
  canSaveSearch,
} from '../../../shared/policies/saved-searches.js';
import { browserKeys } from '../push-service.js';
import { type Expectation, everyone, members } from './decide.js';

/**
 * The access matrix's routes of members: their pages, blocks, profiles and reports;
 * notifications, push and saved searches.
 */
export const MEMBERS: Record<string, Expectation> = {
  'GET /api/feedback/:userId': { decide: everyone },
  'GET /api/users/:id': { decide: everyone },
  'GET /api/users/:id/feedback': { decide: everyone },
  'GET /api/users/:id/rating-stats': { decide: everyone },
  'GET /api/users/:id/swap-stats': { decide: everyone },
  'POST /api/users/:id/block': { decide: (actor, f) => canBlockMember(actor, f.ownerId) },
  'DELETE /api/users/:id/block': { decide: (actor, f) => canBlockMember(actor, f.ownerId) },
  'GET /api/blocks': { decide: members },
  'GET /api/users/:id/activity': { decide: everyone },
  'PATCH /api/users/profile': {
    decide: (actor) => (actor ? canEditProfile(actor, actor.id, ['bio']) : requireActor(actor)),
    body: () => ({ bio: 'Matrix bio' }),
  },
  'GET /api/notifications': { decide: (actor) => canReadNotifications(actor) },
  'POST /api/notifications/read': {
    decide: (actor) => canReadNotifications(actor),
    body: () => ({ all: true }),
  },
  'GET /api/notification-settings': { decide: members },
  'PATCH /api/notification-settings': {
    decide: (actor) =>
      actor ? canChangeNotificationSettings(actor, actor.id) : requireActor(actor),
    body: () => ({ email: { ratings: 'off' } }),
  },
  // The public key is public; a subscription is always the signed-in member's own device.
  'GET /api/push/public-key': { decide: everyone },
  'POST /api/push/subscriptions': {
    decide: (actor) => canManagePushSubscriptions(actor),
    body: () => {
      const keys = browserKeys();
      return {
        endpoint: `https://push.example.com/matrix/${randomUUID()}`,
        keys: { p256dh: keys.p256dh, auth: keys.authText },
      };
    },
  },
  'DELETE /api/push/subscriptions': {
    decide: (actor) => canManagePushSubscriptions(actor),
    body: () => ({ endpoint: 'https://push.example.com/matrix/none' }),
  },
  // The signed token decides, not the session (RFC 8058 one-click): open to all, 400 when bad.
  'GET /api/notifications/unsubscribe': { decide: everyone },
  'POST /api/notifications/unsubscribe': { decide: everyone, body: () => ({ token: 'x.y.z' }) },
  'POST /api/users/:id/report': {
    decide: (actor, f) => canReportMember(actor, f.ownerId),
    body: () => ({ reason: 'spam' }),
  },
  'GET /api/saved-searches': { decide: (actor) => canListSavedSearches(actor) },
  'POST /api/saved-searches': {
    decide: (actor) => canSaveSearch(actor, 0),
    body: () => ({ search: 'matrix lamp', frequency: 'off' }),
  },
  'PATCH /api/saved-searches/:id': {
    decide: (actor, f) => canChangeSavedSearch(actor, { userId: f.ownerId }),
    body: () => ({ frequency: 'daily' }),
  },
  'DELETE /api/saved-searches/:id': {
    decide: (actor, f) => canChangeSavedSearch(actor, { userId: f.ownerId }),
  },
};
