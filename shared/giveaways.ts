import type { ListingMode } from './item-display.js';

/**
 * Issue 38 §2: requests on a give-away. Its fair chance runs [since, since + hours): `since` is
 * when the listing became a give-away (`items.giveaway_since`, set on creating or switching to
 * one). Inside it no request can be accepted or drawn; after it the giver accepts one (the other
 * pending requests are declined, kindly) or draws one at random.
 */

/** When a give-away's fair chance ends. */
export const fairChanceEnd = (since: Date, hours: number): Date =>
  new Date(since.getTime() + hours * 3_600_000);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as "27 Nov 2026, 14:00 UTC": the same words in every locale and time zone (server
 * and client agree), rounded up to the minute so that it never names a time still inside.
 */
export function formatUtcMinute(at: Date): string {
  const d = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** Why a request on a give-away cannot be accepted (or drawn) yet. */
export const fairChanceRefusal = (until: Date): string =>
  `Requests stay open until ${formatUtcMinute(until)}, so everyone has a fair chance`;

/** `closedReason` of the requests not chosen when the giver accepted (or drew) another. */
export const GIVEAWAY_NOT_CHOSEN = 'This was given to another member. Thanks for asking!';

/** A request names nothing offered: a give-away's owner wants nothing back. */
export const giveawayAsksNothing = (title: string) =>
  `“${title}” is a give-away: a request for it offers nothing in return (no listings, description or photo), just a message`;

/** A give-away is asked for on its own. */
export const giveawayAlone = (title: string) =>
  `“${title}” is a give-away: ask for it on its own, not together with other listings`;

export const GIVEAWAY_NOTHING_TO_COUNTER =
  'A request for a give-away offers nothing, so there is nothing to counter: accept it or decline it';

/**
 * Why a request for a give-away that names listings offered in return cannot be accepted: one
 * made before requests had to ask for nothing (migration 0032) may name some.
 */
export const giveawayRequestOffers = (title: string) =>
  `“${title}” is a give-away: it is given, not swapped, so this request, which names listings offered in return, cannot be accepted. Decline it; the member can ask again with a message alone`;

/** A draw picks among requests that can be accepted; these name listings offered (see above). */
export const ONLY_REQUESTS_OFFERING =
  'Every request for this give-away names listings offered in return, and a give-away is given, not swapped, so none can be drawn. Decline them; the members can ask again with a message alone';

export const NOT_A_GIVEAWAY = 'Only a give-away can be drawn: this listing is a swap';
export const NO_REQUESTS_TO_DRAW =
  'Nobody has asked for this give-away yet, so there is nothing to draw';

/** `closedReason` of the open offers on a listing whose owner changed its mode. */
export const modeChangedReason = (mode: ListingMode): string =>
  mode === 'giveaway'
    ? 'The owner made this listing a give-away, so offers made for a swap were closed. You can ask for it now.'
    : 'The owner made this listing a swap again, so requests for the give-away were closed. You can make an offer now.';
