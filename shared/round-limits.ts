/**
 * Swap rounds' limits, without zod: the policies and pages read them from here, shared/rounds.ts
 * re-exports them with the schemas.
 */

// A round's title and description limits live with the other text limits (limits.ts).
/**
 * Limits on what a round may ask of the solver (docs/solver.md, "Limits", has the measurements).
 * The solver runs in a worker thread within a wall-clock budget and a cap on the paths its loop
 * enumeration walks, so no round can hold an app server; these keep the work a round can ask for
 * within what was measured, and a member from tying up the solving slots.
 *
 * Longest loop: kept at 20. A lower cap does not bound the work: the adversarial round (paths
 * that never close) takes 20 s with 40 entries and a cap of 20; with a cap of 10, 7 s with 60
 * entries and more than 100 s with 100. The budget and the path cap bound it whatever the cap.
 * How long a loop members accept is the organiser's choice (null: no cap, the cheapest case,
 * solved exactly in polynomial time).
 */
export const ROUND_MAX_LOOP_LIMIT = 20;
/** Wants per entry, counting each id of an "any of these" group. */
export const ROUND_MAX_WANTS = 1000;
export const ROUND_MAX_GROUP = 100;
export const ROUND_MAX_ENTRIES_PER_MEMBER = 100;
/**
 * Entries in one round: the largest want lists the solver was measured on (10,000 items and a
 * million wants, solved uncapped and proven in 0.65 s; bench/RESULTS.md).
 */
export const ROUND_MAX_ENTRIES = 10_000;
/**
 * Rounds one member organises that have not finished (open or being solved): each holds its
 * entries' listings and ends in a solve that takes a job slot for up to its budget.
 */
export const ROUND_MAX_OPEN_PER_ORGANISER = 3;
export const ROUND_WANT_LIST_MAX_CHARS = 2_000_000;
