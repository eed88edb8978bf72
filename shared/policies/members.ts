import {
  type Actor,
  ALLOWED,
  canModerate,
  type Decision,
  refuse,
  SIGN_IN_REQUIRED,
} from './decision.js';

/** Any member may report another member to the admins, not themselves. */
export function canReportMember(actor: Actor | null, memberId: string): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return actor.id === memberId ? refuse(400, 'You cannot report yourself') : ALLOWED;
}

/** Admins handle member reports: warn, suspend or dismiss. */
export const canHandleMemberReport = (actor: Actor | null): Decision => canModerate(actor);

/** The one answer a blocked contact gets: it says no more than that. */
export const CANNOT_CONTACT = 'You cannot contact this member';

/** Any member may block another member, not themselves. */
export function canBlockMember(actor: Actor | null, memberId: string): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return actor.id === memberId ? refuse(400, 'You cannot block yourself') : ALLOWED;
}

/** Whether two members may deal with each other: not when either has blocked the other. */
export function canContactMember(blockedEitherWay: boolean): Decision {
  return blockedEitherWay ? refuse(403, CANNOT_CONTACT) : ALLOWED;
}
