import type { SwapStatus } from '../swaps.js';
import {
  type Actor,
  ALLOWED,
  canModerate,
  type Decision,
  refuse,
  SIGN_IN_REQUIRED,
} from './decision.js';

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
 * withdrawal of a pending offer. pending → countered is not a move: it happens only with a
 * counter-offer (canCounterSwap).
 */
export const SWAP_TRANSITIONS: Record<SwapStatus, Partial<Record<SwapStatus, Mover>>> = {
  pending: { accepted: 'receiver', rejected: 'receiver', withdrawn: 'sender' },
  accepted: { completed: 'either' },
  rejected: {},
  completed: {},
  countered: {},
  withdrawn: {},
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

export const COUNTER_ITEM_NOT_SENDERS =
  'A counter-offer asks for one of the listings of the member who made the offer';
export const COUNTER_SAME_ITEM =
  'That listing is already the one offered: accept the offer instead';

/**
 * What a counter-offer may ask for: a listing of the offer's sender other than the one already
 * offered. Whether it is still available (active, not reserved, its owner not suspended) is
 * checked under its row lock (canTradeItem).
 */
export function canAskInCounter(
  swap: Pick<SwapFacts, 'fromUserId'> & { offeredItemId: number | null },
  item: { id: number; userId: string },
): Decision {
  if (item.userId !== swap.fromUserId) return refuse(400, COUNTER_ITEM_NOT_SENDERS);
  if (item.id === swap.offeredItemId) return refuse(400, COUNTER_SAME_ITEM);
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
