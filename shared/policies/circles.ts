import type { CircleAction, CircleStatus, LegDecision } from '../circles.js';
import { type Actor, ALLOWED, type Decision, refuse, SIGN_IN_REQUIRED } from './decision.js';

/** What a policy needs to know about a circle. */
export type CircleFacts = {
  status: CircleStatus;
  expiresAt: Date;
  legs: ReadonlyArray<{
    giverId: string;
    receiverId: string;
    decision: LegDecision;
    receivedAt: Date | null;
  }>;
};

export const CIRCLE_NOT_FOUND = 'Circle not found';

export const isParticipant = (actor: Actor, circle: Pick<CircleFacts, 'legs'>) =>
  circle.legs.some((leg) => leg.giverId === actor.id);

/**
 * The status a circle has now: a proposal past its deadline is expired even before the job that
 * records it has run, so no one can accept it in between.
 */
export function currentCircleStatus(circle: Pick<CircleFacts, 'status' | 'expiresAt'>, now: Date) {
  return circle.status === 'proposed' && circle.expiresAt <= now ? 'expired' : circle.status;
}

/**
 * Anyone signed in may propose a loop that includes one of their listings; each member gives one
 * listing in it. `owners` are the owners of the loop's listings, in order.
 */
export function canProposeCircle(actor: Actor | null, owners: readonly string[]): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (new Set(owners).size !== owners.length)
    return refuse(400, 'Each member gives one listing in a circle: the owners must differ');
  if (!owners.includes(actor.id))
    return refuse(403, 'You can only propose a circle that includes one of your listings');
  return ALLOWED;
}

/** Only its participants see a circle; to anyone else, admins included, it does not exist. */
export function canViewCircle(
  actor: Actor | null,
  circle: Pick<CircleFacts, 'legs'> | undefined,
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return circle && isParticipant(actor, circle) ? ALLOWED : refuse(404, CIRCLE_NOT_FOUND);
}

const closedReasons: Record<CircleStatus, string> = {
  proposed: 'This circle is still waiting for everyone to accept',
  accepted: 'This circle has already been accepted',
  declined: 'This circle was declined; it cannot be accepted any more',
  expired: 'This circle proposal has expired',
  cancelled: 'This circle was cancelled',
  completed: 'This circle is already completed',
};

/**
 * A participant accepts a proposal once. Any participant, the proposer too, may decline while it
 * is still a proposal (having accepted or not): declining ends it for everyone.
 */
export function canDecideCircle(
  actor: Actor | null,
  circle: CircleFacts,
  decision: 'accept' | 'decline',
  now: Date,
): Decision {
  const view = canViewCircle(actor, circle);
  if (!view.ok || !actor) return view;
  const status = currentCircleStatus(circle, now);
  if (status !== 'proposed') return refuse(409, closedReasons[status]);
  const leg = circle.legs.find((l) => l.giverId === actor.id);
  if (decision === 'accept' && leg?.decision !== 'pending')
    return refuse(409, 'You have already accepted this circle');
  return ALLOWED;
}

/** A participant confirms, once, that the listing they were to receive has arrived. */
export function canConfirmReceipt(actor: Actor | null, circle: CircleFacts, now: Date): Decision {
  const view = canViewCircle(actor, circle);
  if (!view.ok || !actor) return view;
  const status = currentCircleStatus(circle, now);
  if (status === 'proposed')
    return refuse(409, 'You can confirm a receipt once everyone has accepted the circle');
  if (status !== 'accepted') return refuse(409, closedReasons[status]);
  const leg = circle.legs.find((l) => l.receiverId === actor.id);
  if (leg?.receivedAt) return refuse(409, 'You have already confirmed what you received');
  return ALLOWED;
}

/** An accepted circle may be called off by a participant until the first listing is received. */
export function canCancelCircle(actor: Actor | null, circle: CircleFacts, now: Date): Decision {
  const view = canViewCircle(actor, circle);
  if (!view.ok || !actor) return view;
  const status = currentCircleStatus(circle, now);
  if (status === 'proposed') return refuse(409, 'Decline the proposal instead of cancelling it');
  if (status !== 'accepted') return refuse(409, closedReasons[status]);
  if (circle.legs.some((l) => l.receivedAt))
    return refuse(
      409,
      'A listing has already been received; the circle can no longer be cancelled',
    );
  return ALLOWED;
}

/** A circle completes by its receipts; asking for it directly is refused with what to do. */
export function canCompleteCircle(actor: Actor | null, circle: CircleFacts, now: Date): Decision {
  const view = canViewCircle(actor, circle);
  if (!view.ok || !actor) return view;
  const status = currentCircleStatus(circle, now);
  if (status === 'proposed')
    return refuse(409, 'This circle has not been accepted by everyone yet');
  if (status !== 'accepted') return refuse(409, closedReasons[status]);
  return refuse(409, 'A circle completes when each member confirms the listing they received');
}

/** Each participant of a completed circle rates each other participant once. */
export function canRateCircle(
  actor: Actor | null,
  circle: CircleFacts | undefined,
  toUserId: string,
  now: Date,
): Decision {
  const view = canViewCircle(actor, circle);
  if (!view.ok || !actor || !circle) return view;
  if (currentCircleStatus(circle, now) !== 'completed')
    return refuse(409, 'You can rate a circle once it is completed');
  if (toUserId === actor.id) return refuse(400, 'You cannot rate yourself');
  return circle.legs.some((l) => l.giverId === toUserId)
    ? ALLOWED
    : refuse(400, 'You can only rate members of this circle');
}

/** The moves `actor` may make now: the buttons the circle page shows. */
export function circleActionsFor(
  actor: Actor | null,
  circle: CircleFacts,
  now: Date,
): CircleAction[] {
  const actions: CircleAction[] = [];
  if (canDecideCircle(actor, circle, 'accept', now).ok) actions.push('accept');
  if (canDecideCircle(actor, circle, 'decline', now).ok) actions.push('decline');
  if (canConfirmReceipt(actor, circle, now).ok) actions.push('receive');
  if (canCancelCircle(actor, circle, now).ok) actions.push('cancel');
  return actions;
}
