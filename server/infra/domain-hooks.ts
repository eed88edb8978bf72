import type { Transaction } from '../db/client.js';

/**
 * What happened to a listing. Listeners run inside the transaction of the change, so what they
 * derive from it (want-graph edges, alert matches) commits or rolls back with the change itself
 * and is visible to readers the moment the change is.
 */
export type ItemChange = {
  itemId: number;
  userId: string;
  /**
   * created: a new listing; updated: its text, wants or category changed; deactivated: off the
   * market (swapped, marked unavailable, reserved for good); reactivated: back on it; deleted.
   */
  kind: 'created' | 'updated' | 'deactivated' | 'reactivated' | 'deleted';
};

/** An offer was made (`from` null) or moved from one status to another. */
export type SwapChange = {
  swapRequestId: number;
  fromUserId: string;
  toUserId: string;
  itemId: number;
  /** Who acted: the sender for a new offer, the member who moved it otherwise. */
  actorId: string;
  from: string | null;
  to: string;
  /** A new offer that is a counter-offer: the offer it answers (which became 'countered'). */
  counterOfId?: number | null;
};

/** The site closed open offers without anyone answering them: one of their listings went. */
export type SwapsClosed = { swapRequestIds: number[] };

export type MessagePosted = {
  swapRequestId: number;
  messageId: number;
  fromUserId: string;
  toUserId: string;
};

export type FeedbackGiven = { feedbackId: number; fromUserId: string; toUserId: string };

/** An admin upheld a report on a listing and took it down. */
export type ListingRemoved = { itemId: number; ownerId: string; title: string; reason: string };

/**
 * Matching found something new for a member: a mutual match (their listing and another's want
 * each other) or a swap circle through one of their listings. `subjectKey` names what was found
 * (one unread notification per subject); `link` is where the member sees it.
 */
export type MatchFound = {
  userId: string;
  kind: 'mutual' | 'circle';
  itemId: number;
  subjectKey: string;
  link: string;
};

/** A member of a proposed swap circle decided, or the circle as a whole was settled. */
export type CircleDecided = {
  circleId: number;
  /** Everyone to tell (the actor is left out by the listener). */
  userIds: string[];
  actorId: string | null;
  decision:
    | 'proposed'
    | 'accepted'
    | 'declined'
    | 'confirmed'
    | 'cancelled'
    | 'expired'
    | 'completed';
  link: string;
};

/** A swap circle was carried out: every leg received. Counts on the members' profiles. */
export type CircleCompleted = { circleId: number; userIds: string[] };

/** A swap round its participants take part in moved to another phase. */
export type RoundPhase = {
  roundId: number;
  title: string;
  userIds: string[];
  phase: 'open' | 'closing-soon' | 'closed' | 'results' | 'ended';
  link: string;
};

/** The vocabulary of domain events; features subscribe to the ones they derive data from. */
export type DomainEvents = {
  'item.changed': ItemChange;
  'swap.changed': SwapChange;
  'swaps.closed': SwapsClosed;
  'message.posted': MessagePosted;
  'feedback.given': FeedbackGiven;
  'listing.removed': ListingRemoved;
  'match.found': MatchFound;
  'circle.decided': CircleDecided;
  'circle.completed': CircleCompleted;
  'round.phase': RoundPhase;
};

type Listener<E> = (tx: Transaction, event: E) => Promise<void>;

export type DomainHooks = {
  on: <K extends keyof DomainEvents>(name: K, listener: Listener<DomainEvents[K]>) => void;
  /** Runs every listener of `name`, in registration order, in `tx`. */
  emit: <K extends keyof DomainEvents>(
    tx: Transaction,
    name: K,
    event: DomainEvents[K],
  ) => Promise<void>;
};

export function createDomainHooks(): DomainHooks {
  // Keyed by event name; `on` and `emit` keep each list's listeners and events of one type.
  const listeners = new Map<keyof DomainEvents, Array<Listener<never>>>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
    async emit(tx, name, event) {
      for (const listener of listeners.get(name) ?? []) {
        await (listener as Listener<typeof event>)(tx, event);
      }
    },
  };
}
