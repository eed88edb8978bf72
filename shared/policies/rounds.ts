import type { ListingMode } from '../item-display.js';
import { ROUND_MAX_OPEN_PER_ORGANISER } from '../round-limits.js';
import type { RoundAction, RoundJoinPolicy, RoundPhase, RoundState } from '../rounds.js';
import { type Actor, ALLOWED, type Decision, refuse, SIGN_IN_REQUIRED } from './decision.js';
import { giveawayNotExchanged } from './items.js';

/** What a policy needs to know about a round. */
export type RoundFacts = {
  organiserId: string;
  state: RoundState;
  hidden: boolean;
  joinPolicy: RoundJoinPolicy;
  entriesCloseAt: Date;
  wantsCloseAt: Date;
  shippingDeadline: Date;
};

export const ROUND_NOT_FOUND = 'Round not found';
export const ENTRY_NOT_FOUND = 'Entry not found';
export const TRADE_NOT_FOUND = 'Trade not found';
export const ORGANISER_ONLY = 'Only the organiser of this round can do that';

/**
 * The phase a round is in now: an open round moves from entries to wants to solving by its
 * dates (no job has to run for that); a round a solver has claimed is solving whatever its dates
 * ("solve now" during the wants phase); a solved round is in results (shipping) until its
 * shipping deadline; a closed one is closed.
 */
export function roundPhase(round: Omit<RoundFacts, 'organiserId' | 'joinPolicy'>, now: Date) {
  if (round.state === 'closed' || round.hidden) return 'closed';
  if (round.state === 'solved') return now < round.shippingDeadline ? 'results' : 'closed';
  if (round.state === 'solving') return 'solving';
  if (now < round.entriesCloseAt) return 'entries';
  if (now < round.wantsCloseAt) return 'wants';
  return 'solving';
}

const runsRound = (actor: Actor, round: RoundFacts) =>
  actor.isAdmin || actor.id === round.organiserId;

/** A hidden round exists for admins and its organiser only; any other round for everyone. */
export function canViewRound(actor: Actor | null, round: RoundFacts | undefined): Decision {
  if (!round) return refuse(404, ROUND_NOT_FOUND);
  if (round.hidden && !(actor && runsRound(actor, round))) return refuse(404, ROUND_NOT_FOUND);
  return ALLOWED;
}

/** Signed in, and the round is visible to the actor. */
function viewAsMember(actor: Actor | null, round: RoundFacts | undefined): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return canViewRound(actor, round);
}

/**
 * A member who verified their email address organises rounds (issue 16 §3), a few at a time:
 * `unfinished` is how many of theirs are open or being solved.
 */
export function canCreateRound(actor: Actor | null, verified: boolean, unfinished = 0): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (!verified)
    return refuse(403, 'Only verified members can organise a round: verify your email address');
  if (unfinished >= ROUND_MAX_OPEN_PER_ORGANISER)
    return refuse(
      409,
      `You already run ${ROUND_MAX_OPEN_PER_ORGANISER} rounds that have not finished: solve or close one first`,
    );
  return ALLOWED;
}

const phaseMessages: Record<RoundPhase, string> = {
  entries: 'This round is still taking entries',
  wants: 'Entries are closed; the round is collecting want lists',
  solving: 'Want lists are closed; the round is being solved',
  results: 'This round has its results',
  closed: 'This round is closed',
};

function inPhase(round: RoundFacts, now: Date, allowed: readonly RoundPhase[]): Decision {
  const phase = roundPhase(round, now);
  return allowed.includes(phase) ? ALLOWED : refuse(409, phaseMessages[phase]);
}

/** While entries are open, a member (a verified one, when the round says so) enters a listing. */
export function canEnterRound(
  actor: Actor | null,
  round: RoundFacts | undefined,
  verified: boolean,
  now: Date,
): Decision {
  const view = viewAsMember(actor, round);
  if (!view.ok || !round) return view;
  const phase = inPhase(round, now, ['entries']);
  if (!phase.ok) return phase;
  if (round.joinPolicy === 'verified' && !verified)
    return refuse(403, 'This round is open to verified members only: verify your email address');
  return ALLOWED;
}

/**
 * The listing entered must be the member's own, and one they would swap: a give-away is given
 * for nothing, never in exchange (409: its mode, not the request, is in the way).
 */
export function canEnterListing(
  actor: Actor,
  item: { userId: string; mode?: ListingMode; title?: string },
): Decision {
  if (item.userId !== actor.id)
    return refuse(403, 'You can only enter your own listings in a round');
  if (item.mode === 'giveaway')
    return refuse(409, giveawayNotExchanged(item.title ?? null, 'be entered in a round'));
  return ALLOWED;
}

/** A move on one of the actor's own entries, allowed in one phase; `notYours` when it is not. */
function onOwnEntry(
  actor: Actor | null,
  round: RoundFacts | undefined,
  entry: { userId: string } | undefined,
  now: Date,
  phase: RoundPhase,
  notYours: string,
): Decision {
  const view = viewAsMember(actor, round);
  if (!view.ok || !round || !actor) return view;
  if (!entry) return refuse(404, ENTRY_NOT_FOUND);
  if (entry.userId !== actor.id) return refuse(403, notYours);
  return inPhase(round, now, [phase]);
}

/** A member withdraws their own entry while entries are open. */
export const canWithdrawEntry = (
  actor: Actor | null,
  round: RoundFacts | undefined,
  entry: { userId: string } | undefined,
  now: Date,
): Decision =>
  onOwnEntry(actor, round, entry, now, 'entries', 'You can only remove your own entries');

/** A member ranks, for one of their entries, the entries they would accept: in the wants phase. */
export const canRankWants = (
  actor: Actor | null,
  round: RoundFacts | undefined,
  entry: { userId: string } | undefined,
  now: Date,
): Decision =>
  onOwnEntry(actor, round, entry, now, 'wants', 'You can only rank wants for your own entries');

/** A member reads their own want lists in a round they can see. */
export const canReadMyWants = (actor: Actor | null, round: RoundFacts | undefined) =>
  viewAsMember(actor, round);

/** The organiser (or an admin) runs the round. */
export function canRunRound(actor: Actor | null, round: RoundFacts | undefined): Decision {
  const view = viewAsMember(actor, round);
  if (!view.ok || !round || !actor) return view;
  return runsRound(actor, round) ? ALLOWED : refuse(403, ORGANISER_ONLY);
}

export function canCloseEntries(
  actor: Actor | null,
  round: RoundFacts | undefined,
  now: Date,
): Decision {
  const run = canRunRound(actor, round);
  if (!run.ok || !round) return run;
  return inPhase(round, now, ['entries']);
}

/** "Solve now": once entries are closed and until the round is solved. */
export function canSolveRound(
  actor: Actor | null,
  round: RoundFacts | undefined,
  now: Date,
): Decision {
  const run = canRunRound(actor, round);
  if (!run.ok || !round) return run;
  const phase = roundPhase(round, now);
  if (phase === 'entries') return refuse(409, 'Close entries before solving the round');
  if (round.state === 'solving' && phase === 'solving')
    return refuse(409, 'This round is being solved: its results come when the solver is done');
  return inPhase(round, now, ['wants', 'solving']);
}

/** Closing ends the round early (its entries are released) or ends its shipping. */
export function canCloseRound(actor: Actor | null, round: RoundFacts | undefined): Decision {
  const run = canRunRound(actor, round);
  if (!run.ok || !round) return run;
  return round.state === 'closed' || round.hidden
    ? refuse(409, 'This round is already closed')
    : ALLOWED;
}

/** Admins hide a round from everyone else (and close it). */
export function canHideRound(actor: Actor | null, round: RoundFacts | undefined): Decision {
  const view = viewAsMember(actor, round);
  if (!view.ok || !round || !actor) return view;
  if (!actor.isAdmin) return refuse(403, 'Only admins can hide a round');
  return round.hidden ? refuse(409, 'This round is already hidden') : ALLOWED;
}

/** Importing a want-list file replaces wants: entries are fixed, wants still open. */
export function canImportWants(
  actor: Actor | null,
  round: RoundFacts | undefined,
  now: Date,
): Decision {
  const run = canRunRound(actor, round);
  if (!run.ok || !round) return run;
  return inPhase(round, now, ['wants']);
}

export const canExportWants = (actor: Actor | null, round: RoundFacts | undefined) =>
  canRunRound(actor, round);

/** Results (loops, the report) are public once the round is solved. */
export function canViewResults(
  actor: Actor | null,
  round: RoundFacts | undefined,
  solved: boolean,
): Decision {
  const view = canViewRound(actor, round);
  if (!view.ok) return view;
  return solved ? ALLOWED : refuse(409, 'This round has no results yet');
}

export function canReadMyTrades(
  actor: Actor | null,
  round: RoundFacts | undefined,
  solved: boolean,
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return canViewResults(actor, round, solved);
}

/**
 * During shipping the sender marks their leg sent and the receiver marks it received, once each.
 * `trade` is undefined when the leg does not exist.
 */
export function canMarkTrade(
  actor: Actor | null,
  round: RoundFacts | undefined,
  trade:
    | { giverId: string; receiverId: string; sentAt: Date | null; receivedAt: Date | null }
    | undefined,
  mark: 'sent' | 'received',
  now: Date,
): Decision {
  const view = viewAsMember(actor, round);
  if (!view.ok || !round || !actor) return view;
  const phase = roundPhase(round, now);
  if (phase !== 'results')
    return refuse(
      409,
      phase === 'closed' ? 'Shipping for this round is over' : 'Shipping starts with the results',
    );
  if (!trade) return refuse(404, TRADE_NOT_FOUND);
  if (mark === 'sent') {
    if (trade.giverId !== actor.id) return refuse(403, 'Only the sender can mark this as sent');
    if (trade.sentAt) return refuse(409, 'You have already marked this as sent');
  } else {
    if (trade.receiverId !== actor.id)
      return refuse(403, 'Only the receiver can mark this as received');
    if (trade.receivedAt) return refuse(409, 'You have already marked this as received');
  }
  return ALLOWED;
}

/** The buttons the round page shows the viewer. */
export function roundActionsFor(
  actor: Actor | null,
  round: RoundFacts,
  verified: boolean,
  now: Date,
): RoundAction[] {
  const actions: RoundAction[] = [];
  if (canEnterRound(actor, round, verified, now).ok) actions.push('enter');
  if (canCloseEntries(actor, round, now).ok) actions.push('close-entries');
  if (canSolveRound(actor, round, now).ok) actions.push('solve');
  if (canCloseRound(actor, round).ok) actions.push('close');
  if (canHideRound(actor, round).ok) actions.push('hide');
  if (canImportWants(actor, round, now).ok) actions.push('import');
  if (canExportWants(actor, round).ok) actions.push('export');
  return actions;
}
