/**
 * Issue 40 §2: what went wrong after a swap or a circle. No zod here: the pages that show these
 * words load it only when they check a form (shared/problems.ts holds the schemas).
 */
export const PROBLEM_REASONS = ['not-received', 'not-as-described', 'no-show', 'other'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

export const PROBLEM_REASON_LABELS: Record<ProblemReason, string> = {
  'not-received': 'I did not receive it',
  'not-as-described': 'It was not as described',
  'no-show': 'They did not show up',
  other: 'Something else',
};

/** A problem is raised within this many days of completion (of acceptance, for a no-show). */
export const PROBLEM_WINDOW_DAYS = 14;
