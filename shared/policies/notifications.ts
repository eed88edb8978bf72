import { type Actor, ALLOWED, type Decision, refuse, SIGN_IN_REQUIRED } from './decision.js';

/** A member reads and marks only their own notifications (the query is scoped to them). */
export function canReadNotifications(actor: Actor | null): Decision {
  return actor ? ALLOWED : refuse(401, SIGN_IN_REQUIRED);
}

/** A member changes their own notification settings; nobody else's, admins included. */
export function canChangeNotificationSettings(actor: Actor | null, userId: string): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return actor.id === userId
    ? ALLOWED
    : refuse(403, 'You can only change your own notification settings');
}
