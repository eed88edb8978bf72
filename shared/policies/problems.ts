import { PROBLEM_WINDOW_DAYS, type ProblemReason } from '../problems.js';
import { type Actor, ALLOWED, type Decision, refuse, SIGN_IN_REQUIRED } from './decision.js';

/**
 * What a policy needs to know about an offer or a circle to decide whether a problem may be
 * raised on it: who takes part, and when it was accepted and completed (null: not yet).
 */
export type ProblemSubject = {
  partyIds: readonly string[];
  acceptedAt: Date | null;
  completedAt: Date | null;
  /** The not-found answer of the offer or circle, so outsiders learn nothing new. */
  notFound: string;
};

const DAY_MS = 24 * 3600 * 1000;

export const PROBLEM_NOT_YET =
  'You can report a problem once the swap is completed (or a no-show once it is accepted)';
export const PROBLEM_TOO_LATE = `Problems can be reported within ${PROBLEM_WINDOW_DAYS} days`;
export const PROBLEM_ALREADY = 'You have already reported a problem with this swap';

/**
 * Issue 40 §2: a party, within 14 days of completion, or of acceptance for a no-show (the other
 * member never came, so nothing was completed). Anyone else: the offer or circle does not exist.
 */
export function canReportProblem(
  actor: Actor | null,
  subject: ProblemSubject,
  reason: ProblemReason,
  now: Date,
): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  if (!subject.partyIds.includes(actor.id)) return refuse(404, subject.notFound);
  const from = reason === 'no-show' ? subject.acceptedAt : subject.completedAt;
  if (!from) return refuse(409, PROBLEM_NOT_YET);
  if (now.getTime() - from.getTime() > PROBLEM_WINDOW_DAYS * DAY_MS) {
    return refuse(409, PROBLEM_TOO_LATE);
  }
  return ALLOWED;
}
