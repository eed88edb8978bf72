/**
 * A round built to make the capped solver's loop enumeration walk exponentially many paths while
 * no loop short enough exists (issue 36 §1): what two accounts can enter in a round with loops of
 * at most 20. Used by the adversarial round's test and bench (scripts/bench/adversarial-round.ts).
 *
 * Two members, 0 and 1. First `maze` listings in alternate hands, each wanting every later maze
 * listing of the other member: a maze of increasing paths, about 1.4 times as many with each
 * listing. Then a chain of `chain` listings, alternate hands again, each wanting the next; the
 * chain's last wants member 0's maze listings, and member 1's maze listings want the chain's
 * first. The maze closes only through the whole chain, so every loop has more than `chain`
 * listings, and from each maze listing the enumeration walks every path of up to the cap.
 *
 * Measured on today's solver before its limits (2 cores): 40 maze listings and a chain of 22,
 * loops of at most 20: 507 million paths, 20 s of one core, no loop found.
 */
import type { SolverInput } from '../solver/types.js';

export type PlannedEntry = {
  /** Which of the two members enters it. */
  owner: 0 | 1;
  /** Positions (in this plan) of the entries it wants, best first. */
  wants: number[];
};

export function adversarialRound(maze: number, chain = 22): PlannedEntry[] {
  if (chain % 2 !== 0) throw new RangeError('the chain alternates hands: give an even length');
  const mazeOwner = (i: number): 0 | 1 => (i % 2 === 0 ? 0 : 1);
  const plan: PlannedEntry[] = [];
  for (let i = 0; i < maze; i++) {
    const wants: number[] = [];
    for (let j = i + 1; j < maze; j++) if (mazeOwner(j) !== mazeOwner(i)) wants.push(j);
    if (mazeOwner(i) === 1) wants.push(maze);
    plan.push({ owner: mazeOwner(i), wants });
  }
  for (let n = 0; n < chain; n++) {
    const last = n === chain - 1;
    plan.push({
      owner: n % 2 === 0 ? 0 : 1,
      wants: last
        ? Array.from({ length: maze }, (_, i) => i).filter((i) => mazeOwner(i) === 0)
        : [maze + n + 1],
    });
  }
  return plan;
}

/** The plan as the solver's input: items `e1`, `e2`, … in plan order, members `m0` and `m1`. */
export function adversarialInput(plan: readonly PlannedEntry[]): SolverInput {
  return {
    items: plan.map((entry, position) => ({
      id: `e${position + 1}`,
      owner: `m${entry.owner}`,
      wants: entry.wants.map((p, k) => ({ item: `e${p + 1}`, rank: k + 1 })),
    })),
  };
}
