import { giveawayAlone, giveawayAsksNothing, giveawayRequestOffers } from '../giveaways.js';
import type { ListingMode } from '../item-display.js';
import { OFFER_SIDE_MAX, type SwapStatus } from '../swap-display.js';
import {
  type Actor,
  ALLOWED,
  canModerate,
  type Decision,
  refuse,
  SIGN_IN_REQUIRED,
} from './decision.js';
import { giveawayNotExchanged, OWN_ITEM_OFFER, REMOTE_LISTING } from './items.js';

/** What a policy needs to know about an offer. */
export type SwapFacts = {
  fromUserId: string;
  toUserId: string;
  status: SwapStatus;
  /** Why the site closed it (its item went in another swap), if it did. */
  closedReason?: string | null;
};

export const SWAP_NOT_FOUND = 'Swap request not found';

type Mover = 'receiver' | 'sender' | 'either';

/**
 * SPEC §4: who may move an offer from which status to which; issue 18 adds the sender's
 * withdrawal of a pending offer, issue 38 either party's cancellation of an accepted one (with a
 * reason: its listings are free again). pending → countered is not a move: it happens only with
 * a counter-offer (canCounterSwap).
 */
export const SWAP_TRANSITIONS: Record<SwapStatus, Partial<Record<SwapStatus, Mover>>> = {
  pending: { accepted: 'receiver', rejected: 'receiver', withdrawn: 'sender' },
  accepted: { completed: 'either', cancelled: 'either' },
  rejected: {},
  completed: {},
  countered: {},
  withdrawn: {},
  cancelled: {},
};

export const isParty = (actor: Actor, swap: Pick<SwapFacts, 'fromUserId' | 'toUserId'>) =>
  actor.id === swap.fromUserId || actor.id === swap.toUserId;

/** Only the two parties see an offer; to anyone else, admins included, it does not exist. */
export function canViewSwap(
  actor: Actor | null,
  swap: Pick<SwapFacts, 'fromUserId' | 'toUserId'> | undefined,
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return swap && isParty(actor, swap) ? ALLOWED : refuse(404, SWAP_NOT_FOUND);
}

export function canMoveSwap(actor: Actor | null, swap: SwapFacts, to: SwapStatus): Decision {
  const view = canViewSwap(actor, swap);
  if (!view.ok || !actor) return view;
  const mover = SWAP_TRANSITIONS[swap.status][to];
  if (!mover) {
    return refuse(
      409,
      swap.closedReason ?? `This offer is ${swap.status}; it cannot become ${to}.`,
    );
  }
  if (mover === 'receiver' && actor.id !== swap.toUserId) {
    return refuse(403, 'Only the member who received this offer can accept or decline it');
  }
  if (mover === 'sender' && actor.id !== swap.fromUserId) {
    return refuse(403, 'Only the member who sent this offer can withdraw it');
  }
  return ALLOWED;
}

/**
 * Issue 18 §5: the receiver of a pending offer may answer it with a counter-offer (which makes
 * it 'countered'); nobody else, and not once it was answered, withdrawn or closed.
 */
export function canCounterSwap(actor: Actor | null, swap: SwapFacts): Decision {
  const view = canViewSwap(actor, swap);
  if (!view.ok || !actor) return view;
  if (swap.status !== 'pending') {
    return refuse(
      409,
      swap.closedReason ?? `This offer is ${swap.status}; it can no longer be countered.`,
    );
  }
  if (actor.id !== swap.toUserId) {
    return refuse(403, 'Only the member who received this offer can make a counter-offer');
  }
  return ALLOWED;
}

/** A listing an offer names, as the proposal rules read it. */
export type OfferListing = {
  id: number;
  title: string;
  userId: string;
  /** A listing of another community (federation): traded at its home, not from here. */
  remote?: boolean;
  /** `giveaway`: asked for alone and with nothing offered, never offered (a swap if left out). */
  mode?: ListingMode;
};

export const OFFER_OWN_LISTINGS_ONLY = 'You can only offer one of your own available items';
export const TOO_MANY_LISTINGS = `An offer names at most ${OFFER_SIDE_MAX} listings a side`;

const quoted = (listing: OfferListing) => `“${listing.title}”`;

/**
 * Issue 38: what an offer (or a counter-offer) may name. `asked`: 1–5 listings, all of one
 * member, not the actor's; `offered`: 0–5 of the actor's own (undefined for one that does not
 * exist); no listing twice, within a side or across both. Each refusal names the listing. Whether
 * each is still available (listed, not reserved, its owner not suspended) is checked under the
 * listings' row locks (canTradeItem).
 */
export function canProposeOffer(
  actor: Actor | null,
  asked: readonly OfferListing[],
  offered: ReadonlyArray<OfferListing | undefined>,
  options: {
    /** The offer describes or pictures something offered (`offerDescription`, `offerImages`). */
    offersSomething?: boolean;
    /**
     * Issue 39 §1: offers travel to other communities (the instance federates): a listing of
     * another community may be named; whether the two communities follow each other is the
     * federation's check, made as the offer is stored.
     */
    acrossInstances?: boolean;
  } = {},
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  const [first] = asked;
  if (!first) return refuse(400, 'Name the listing you ask for (itemId or itemIds)');
  if (asked.length > OFFER_SIDE_MAX || offered.length > OFFER_SIDE_MAX)
    return refuse(400, TOO_MANY_LISTINGS);
  const named = new Set<number>();
  for (const listing of [...asked, ...offered]) {
    if (!listing) continue;
    if (named.has(listing.id))
      return refuse(400, `${quoted(listing)} is named twice: an offer names each listing once`);
    named.add(listing.id);
  }
  for (const listing of asked) {
    if (listing.userId === actor.id)
      return refuse(
        400,
        asked.length === 1 ? OWN_ITEM_OFFER : `${quoted(listing)} is yours: ${OWN_ITEM_OFFER}`,
      );
    if (listing.userId !== first.userId)
      return refuse(
        400,
        `${quoted(listing)} belongs to another member: the listings an offer asks for are all one member’s`,
      );
  }
  for (const listing of offered) {
    if (!listing) return refuse(400, OFFER_OWN_LISTINGS_ONLY);
    if (listing.userId !== actor.id)
      return refuse(
        400,
        `${quoted(listing)} is not yours: an offer puts up your own listings only`,
      );
  }
  // Issue 38 §2: a request for a give-away asks for it alone and offers nothing; a give-away is
  // never put up in exchange.
  const giveaway = asked.find((listing) => listing.mode === 'giveaway');
  if (giveaway && asked.length > 1) return refuse(400, giveawayAlone(giveaway.title));
  if (giveaway && (offered.length > 0 || options.offersSomething))
    return refuse(400, giveawayAsksNothing(giveaway.title));
  const given = offered.find((listing) => listing?.mode === 'giveaway');
  if (given) return refuse(409, giveawayNotExchanged(given.title, 'be offered in exchange'));
  const remote = [...asked, ...offered].find((listing) => listing?.remote);
  return remote && !options.acrossInstances ? refuse(409, REMOTE_LISTING) : ALLOWED;
}

/**
 * Issue 38 §2: what an offer may hold when it is accepted. canProposeOffer keeps new offers to
 * this, but offers made before migration 0032 were not held to it: a request for a give-away may
 * name listings offered or other listings asked for, and an offer may put up a give-away. Neither is accepted (or drawn),
 * whatever the listings' state; both can still be declined or withdrawn.
 */
export function canAcceptOffer(
  asked: readonly OfferListing[],
  offered: readonly OfferListing[],
): Decision {
  const giveaway = asked.find((listing) => listing.mode === 'giveaway');
  if (giveaway && offered.length > 0) return refuse(409, giveawayRequestOffers(giveaway.title));
  if (giveaway && asked.length > 1) return refuse(409, giveawayAlone(giveaway.title));
  const given = offered.find((listing) => listing.mode === 'giveaway');
  if (given) return refuse(409, giveawayNotExchanged(given.title, 'be offered in exchange'));
  return ALLOWED;
}

export const COUNTER_ITEM_NOT_SENDERS =
  'A counter-offer asks for one of the listings of the member who made the offer';
export const COUNTER_SAME_ITEM =
  'That listing is already the one offered: accept the offer instead';
export const COUNTER_CHANGES_NOTHING =
  'This counter-offer names exactly what the offer does: accept the offer instead';

/** The listing ids of an offer's two sides, in order. */
export type OfferSides = { itemIds: readonly number[]; offeredItemIds: readonly number[] };

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * What a counter-offer may ask for: listings of the offer's sender only, and not exactly what the
 * offer already holds. A counter swaps the two members, so it changes nothing when it asks for
 * what the offer put up and puts up what the offer asked for. The rest (one member, no repeats,
 * the counterer's own listings offered) is canProposeOffer's; availability is checked under the
 * row locks (canTradeItem).
 */
export function canAskInCounter(
  swap: Pick<SwapFacts, 'fromUserId'> & OfferSides,
  asked: readonly OfferListing[],
  offeredItemIds: readonly number[],
): Decision {
  const foreign = asked.find((listing) => listing.userId !== swap.fromUserId);
  if (foreign)
    return refuse(
      400,
      asked.length === 1
        ? COUNTER_ITEM_NOT_SENDERS
        : `${quoted(foreign)}: ${COUNTER_ITEM_NOT_SENDERS}`,
    );
  const askedIds = asked.map((listing) => listing.id);
  if (sameSet(askedIds, swap.offeredItemIds) && sameSet(offeredItemIds, swap.itemIds))
    return refuse(400, asked.length === 1 ? COUNTER_SAME_ITEM : COUNTER_CHANGES_NOTHING);
  return ALLOWED;
}

/** The statuses `actor` may move this offer to now: the buttons an offer card shows. */
export function swapMovesFor(actor: Actor | null, swap: SwapFacts): SwapStatus[] {
  const targets = Object.keys(SWAP_TRANSITIONS[swap.status]) as SwapStatus[];
  return targets.filter((to) => canMoveSwap(actor, swap, to).ok);
}

/** The parties chat about their offer. */
export const canMessageSwap = canViewSwap;

/** A party of a completed swap rates the other party, once (the once is the database's job). */
export function canRateSwap(
  actor: Actor | null,
  swap: SwapFacts | undefined,
  toUserId: string,
): Decision {
  const view = canViewSwap(actor, swap);
  if (!view.ok || !actor || !swap) return view;
  if (swap.status !== 'completed') return refuse(409, 'You can rate a swap once it is completed');
  const other = actor.id === swap.fromUserId ? swap.toUserId : swap.fromUserId;
  return toUserId === other
    ? ALLOWED
    : refuse(400, 'You can only rate the other member of this swap');
}

/** SPEC §6: admins delete messages and feedback. */
export const canDeleteMessage = (actor: Actor | null): Decision => canModerate(actor);
export const canDeleteFeedback = (actor: Actor | null): Decision => canModerate(actor);
