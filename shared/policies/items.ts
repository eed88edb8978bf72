import type { ListingMode } from '../item-display.js';
import {
  type Actor,
  ALLOWED,
  type Decision,
  onlyFields,
  refuse,
  requireActor,
  SIGN_IN_REQUIRED,
} from './decision.js';

/** What a policy needs to know about a listing. */
export type ItemFacts = {
  userId: string;
  isActive: boolean;
  /**
   * Held by a trade in progress (`items.reserved_by`: an accepted offer or circle, a round's
   * entry).
   */
  isReserved?: boolean;
  /** A listing of another community (federation): shown and matched here, traded at home. */
  remote?: boolean;
  /** A remote listing whose community trades with this one: offers on it travel there. */
  offersTravel?: boolean;
  /** `giveaway`: free, its owner wants nothing back (a swap when left out). */
  mode?: ListingMode;
};

/**
 * Why a give-away is not put up in exchange: not in a want list of its own (its owner wants
 * nothing back), a circle or a round.
 */
export const giveawayNotExchanged = (title: string | null, where: string) =>
  `${title ? `“${title}”` : 'This listing'} is a give-away: its owner asks for nothing in return, so it cannot ${where}`;

/** Why a listing of another community cannot be swapped from here yet. */
export const REMOTE_LISTING =
  'This listing belongs to another community: swaps across communities are not possible yet';

/** SPEC §6: an admin may edit a listing's title, description and wanted items, nothing else. */
export const ADMIN_EDITABLE_ITEM_FIELDS = ['title', 'description', 'wantedItems'] as const;

export const OWN_LISTINGS_ONLY = 'You can only change your own listings';

/** Why the owner cannot edit or delete a listing a trade in progress holds. */
export const RESERVED_LISTING =
  'This listing is promised in a swap in progress, so it cannot be changed or deleted until that swap is completed or cancelled';

/**
 * Every field the listing form writes: what a full edit (PUT /api/items/:id) changes, i.e. the
 * keys of updateItemSchema (policies.test.ts checks), spelled out so that the browse screens,
 * which ask this policy, do not download zod.
 */
export const FULL_ITEM_EDIT: readonly string[] = [
  'title',
  'description',
  'condition',
  'wantedItems',
  'estimatedValue',
  'isOpenToOffers',
  'location',
  'images',
  'categoryId',
  'mode',
  'fairChanceHours',
];

export const canCreateItem = (actor: Actor | null): Decision => requireActor(actor);

/**
 * The owner's own moves on their listing: any, unless a trade in progress holds it (the other
 * members agreed to swap for it as it was; it is theirs again once the trade completes or is
 * cancelled).
 */
const ownerMay = (item: ItemFacts): Decision =>
  item.isReserved ? refuse(409, RESERVED_LISTING) : ALLOWED;

/**
 * The owner may change any field, except while a trade holds the listing; an admin only the
 * fields SPEC §6 gives them, held or not (moderation: the listing stays what was agreed, its
 * text made acceptable). `fields` are the fields the request writes (a full edit writes them all).
 */
export function canEditItem(
  actor: Actor | null,
  item: ItemFacts,
  fields: readonly string[],
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (actor.id === item.userId) return ownerMay(item);
  if (actor.isAdmin && onlyFields(fields, ADMIN_EDITABLE_ITEM_FIELDS)) return ALLOWED;
  return refuse(403, OWN_LISTINGS_ONLY);
}

/**
 * The owner, except while a trade holds the listing; or an admin moderating (SPEC §6), held or
 * not: removing a listing calls off the circle holding it (the circles' `item.changed` listener),
 * and a round no longer counts its entry.
 */
export function canDeleteItem(actor: Actor | null, item: ItemFacts): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (actor.id === item.userId) return ownerMay(item);
  return actor.isAdmin ? ALLOWED : refuse(403, OWN_LISTINGS_ONLY);
}

/**
 * Whether a listing's Edit and Delete are the viewer's (SPEC §6: the owner's, the full edit being
 * theirs alone), enabled or not: while a trade holds the listing they show disabled, with the
 * refusal's reason (`canEditItem`, `canDeleteItem`).
 */
export const hasOwnerActions = (actor: Actor | null, item: ItemFacts): boolean =>
  canEditItem(actor, { ...item, isReserved: false }, FULL_ITEM_EDIT).ok;

export const OWN_ITEM_OFFER = 'You cannot make an offer on your own item';

/**
 * SPEC §2: the owner sees 'Your Item'; a listing taken off the market takes no new offers. The
 * offer dialog's question about one listing; what a whole offer may name is canProposeOffer's
 * (policies/swaps.ts).
 */
export function canOfferOn(actor: Actor | null, item: ItemFacts): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (actor.id === item.userId) return refuse(400, OWN_ITEM_OFFER);
  if (!item.isActive) return refuse(409, 'This item is no longer available');
  if (item.remote && !item.offersTravel) return refuse(409, REMOTE_LISTING);
  return ALLOWED;
}

/** What the availability check needs to know about a listing, read under its row lock. */
export type AvailabilityFacts = {
  title: string;
  isActive: boolean;
  deleted: boolean;
  /** Its owner is suspended: their listings are hidden, so nobody trades them meanwhile. */
  ownerSuspended: boolean;
  /** Who holds it for a trade in progress (`offer:5`, `circle:12`, `round:3`), or null. */
  reservedBy: string | null;
  /** A listing of another community: its home decides its trades (issue 39). */
  remote?: boolean;
};

/** Shown on an offer the site closed because one of its listings was swapped or removed. */
export const NO_LONGER_AVAILABLE = 'This item is no longer available';

/**
 * One item, one swap: a trade (an offer being accepted or completed, a circle, a round) may go
 * ahead only while each of its listings is active, not deleted and not held by another trade.
 * `heldBy` names the trade asking, so a circle may complete on the listings it reserved itself.
 */
export function canTradeItem(
  item: AvailabilityFacts,
  heldBy?: string,
  /** Issue 39 §1: an offer may name a listing of another community (its home decides it). */
  options: { acrossInstances?: boolean } = {},
): Decision {
  if (item.deleted) return refuse(409, `“${item.title}” has been removed by its owner`);
  if (!item.isActive || item.ownerSuspended) {
    return refuse(409, `“${item.title}” is no longer available`);
  }
  if (item.reservedBy !== null && item.reservedBy !== heldBy) {
    return refuse(409, `“${item.title}” is reserved for another trade`);
  }
  if (item.remote && !options.acrossInstances) return refuse(409, REMOTE_LISTING);
  return ALLOWED;
}

/**
 * Issue 38 §2: drawing one of a give-away's requests at random is its owner's choice alone
 * (admins too are refused: it gives the listing away). Whether it is a give-away past its fair
 * chance with requests to draw from is decided under the listing's row lock.
 */
export function canDrawGiveaway(actor: Actor | null, item: Pick<ItemFacts, 'userId'>): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return actor.id === item.userId
    ? ALLOWED
    : refuse(403, 'Only the member giving this away can draw who receives it');
}

/** Saving to the wishlist needs an account (SPEC §5). */
export const canSaveItems = (actor: Actor | null): Decision => requireActor(actor);
