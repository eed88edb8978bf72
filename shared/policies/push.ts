import { type Actor, ALLOWED, type Decision, refuse, SIGN_IN_REQUIRED } from './decision.js';

/**
 * A member adds and removes push subscriptions for their own devices only: a subscription is
 * always stored for the signed-in member, and removing one names an endpoint of theirs.
 */
export function canManagePushSubscriptions(actor: Actor | null): Decision {
  return actor ? ALLOWED : refuse(401, SIGN_IN_REQUIRED);
}
