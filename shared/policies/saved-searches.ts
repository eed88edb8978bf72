import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NOT_FOUND,
  TOO_MANY_SAVED_SEARCHES,
} from '../saved-searches.js';
import { type Actor, ALLOWED, type Decision, refuse, SIGN_IN_REQUIRED } from './decision.js';

/** A member saves a search while they keep fewer than the limit. */
export function canSaveSearch(actor: Actor | null, alreadySaved: number): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return alreadySaved < MAX_SAVED_SEARCHES ? ALLOWED : refuse(409, TOO_MANY_SAVED_SEARCHES);
}

/** A saved search is its member's alone: to anyone else, admins included, it does not exist. */
export function canChangeSavedSearch(
  actor: Actor | null,
  search: { userId: string } | undefined,
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return search && search.userId === actor.id ? ALLOWED : refuse(404, SAVED_SEARCH_NOT_FOUND);
}

/** Listing one's saved searches needs an account. */
export function canListSavedSearches(actor: Actor | null): Decision {
  return actor ? ALLOWED : refuse(401, SIGN_IN_REQUIRED);
}
