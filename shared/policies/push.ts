import { MAX_PUSH_DEVICES } from '../push.js';
import { type Actor, ALLOWED, type Decision, refuse, SIGN_IN_REQUIRED } from './decision.js';

/**
 * A member adds and removes push subscriptions for their own devices only: a subscription is
 * always stored for the signed-in member, and removing one names an endpoint of theirs.
 */
export function canManagePushSubscriptions(actor: Actor | null): Decision {
  return actor ? ALLOWED : refuse(401, SIGN_IN_REQUIRED);
}

export const TOO_MANY_PUSH_DEVICES = `Push notifications are on for ${MAX_PUSH_DEVICES} devices already: turn them off on one you no longer use first`;

/**
 * Whether the member may turn push on for one more device. `otherDevices` counts their
 * subscriptions other than this endpoint: subscribing an endpoint they already have again (new
 * keys) is the same device, never an eleventh.
 */
export function canAddPushDevice(actor: Actor | null, facts: { otherDevices: number }): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return facts.otherDevices < MAX_PUSH_DEVICES ? ALLOWED : refuse(409, TOO_MANY_PUSH_DEVICES);
}
