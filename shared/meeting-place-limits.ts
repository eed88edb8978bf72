/**
 * The bounds of a meeting place (issue 40 §4), without zod: the admin tab shows them on its
 * fields and loads the schemas (shared/meeting-places.ts) only when it checks a place.
 */

/** Longest name and address an admin may give a meeting place. */
export const MEETING_PLACE_NAME_MAX = 120;
export const MEETING_PLACE_ADDRESS_MAX = 300;
/** How many places the offer chat suggests. */
export const MEETING_PLACE_SUGGESTIONS = 3;

export const MEETING_PLACE_NOT_FOUND = 'Meeting place not found';
