export const PASSWORD_MIN_LENGTH = 6;
/** scrypt cost grows with input; a cap keeps a hostile megabyte password from pinning a core. */
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 60;
export const NICKNAME_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 254;
/** One page of browse results; a page of 24 cards stays under 25 KB of JSON. */
export const ITEMS_PAGE_SIZE = 24;

/** What a member may name for one listing (issue 15). */
export const MAX_WANTS = 500;

export const BIO_MAX_LENGTH = 500;
export const LOCATION_MAX_LENGTH = 120;
/** A browse search's place (`near`): a town, or `lat,lon`. */
export const NEAR_MAX_LENGTH = 120;

/** The details of a report about a listing (a member's: MEMBER_REPORT_DESCRIPTION_MAX). */
export const LISTING_REPORT_DESCRIPTION_MAX_LENGTH = 1000;
/** An admin's words to a reported member with a warning. */
export const WARNING_MESSAGE_MAX_LENGTH = 500;

export const ROUND_TITLE_MAX_LENGTH = 120;
export const ROUND_DESCRIPTION_MAX_LENGTH = 5000;

/** A chat shows this many of the latest messages; "Show earlier messages" fetches as many again. */
export const CHAT_PAGE_SIZE = 50;

/** What a member writes when they report a problem after a swap (issue 40 §2). */
export const PROBLEM_MESSAGE_MAX_LENGTH = 2000;
/** An admin's note on resolving a problem. */
export const PROBLEM_NOTE_MAX_LENGTH = 1000;
