import {
  type Actor,
  ALLOWED,
  type Decision,
  refuse,
  requireActor,
  SIGN_IN_REQUIRED,
} from './decision.js';
import { giveawayNotExchanged, type ItemFacts } from './items.js';

export const OWN_WANTS_ONLY = 'You can only choose what you would take for your own listings';

/** A listing named in a want list, as the policy needs it (undefined: no such listing). */
export type WantedFacts = ItemFacts & { id: number };

/** Only a listing's owner says what they would take for it; for a give-away, nothing. */
export function canSetWants(
  actor: Actor | null,
  listing: ItemFacts & { title?: string },
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (actor.id !== listing.userId) return refuse(403, OWN_WANTS_ONLY);
  if (listing.mode === 'giveaway')
    return refuse(409, giveawayNotExchanged(listing.title ?? null, 'be swapped for anything'));
  return ALLOWED;
}

/**
 * Whether `listing` (id and facts) may name `wantedId` among what its owner would take: another
 * member's listing that is on the market, a give-away among them. A give-away itself wants
 * nothing (409: it is its mode, not the request, that is in the way). The refusal names the
 * listing and the problem.
 */
export function canWant(
  listing: ItemFacts & { id: number; title?: string },
  wantedId: number,
  wanted: WantedFacts | undefined,
): Decision {
  if (listing.mode === 'giveaway')
    return refuse(409, giveawayNotExchanged(listing.title ?? null, 'be swapped for anything'));
  if (wantedId === listing.id) return refuse(400, `Listing ${wantedId} is this listing itself`);
  if (!wanted) return refuse(400, `Listing ${wantedId} does not exist`);
  if (wanted.userId === listing.userId)
    return refuse(400, `Listing ${wantedId} is one of your own listings`);
  if (!wanted.isActive) return refuse(400, `Listing ${wantedId} is no longer available`);
  return ALLOWED;
}

/**
 * "I'd swap for this": a member adds another member's available listing to the wants of some of
 * their own listings.
 */
export function canSwapFor(actor: Actor | null, wanted: ItemFacts): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (actor.id === wanted.userId) return refuse(400, 'This is your own listing');
  if (!wanted.isActive) return refuse(409, 'This listing is no longer available');
  return ALLOWED;
}

/** Matches are a member's own. */
export const canViewMatches = (actor: Actor | null): Decision => requireActor(actor);
