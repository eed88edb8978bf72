import {
  type Actor,
  ALLOWED,
  type Decision,
  onlyFields,
  refuse,
  SIGN_IN_REQUIRED,
} from './decision.js';

/** SPEC §6: an admin may edit a member's nickname, bio, location and picture. */
export const ADMIN_EDITABLE_PROFILE_FIELDS = [
  'nickname',
  'bio',
  'location',
  'profileImageUrl',
] as const;

/** A member edits their own profile; an admin the fields SPEC §6 gives them, of anyone. */
export function canEditProfile(
  actor: Actor | null,
  profileUserId: string,
  fields: readonly string[],
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (actor.id === profileUserId) return ALLOWED;
  if (actor.isAdmin && onlyFields(fields, ADMIN_EDITABLE_PROFILE_FIELDS)) return ALLOWED;
  return refuse(403, 'You can only change your own profile');
}

/** The profile screen's Send Message button: another member, signed in. */
export function canMessageMember(actor: Actor | null, memberId: string): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return actor.id === memberId ? refuse(400, 'This is your own profile') : ALLOWED;
}
