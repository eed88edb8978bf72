/**
 * Proof on items by descending targets (reduced-cost fixing, level by level).
 *
 * For item prices π ≥ 0 with bound B = L(π) and reduced costs r_c (cycle-packing.ts), an answer
 * that uses loop c trades at most B + r_c items (r_c < 0). So an answer trading at least T items
 * uses only loops with r_c ≥ T − B: to ask "is there an answer trading T or more?" only those
 * loops are needed, and for T close to B they are few (on the bench case, 2,575 of 102,581 loops
 * for T = ⌊B⌋). From T = ⌊B⌋ down, each level is one integer program over those loops with the
 * target as a constraint (cycle-ilp.ts):
 *
 * - infeasible: no answer trades T items, so the optimum is at most T − 1; next level;
 * - feasible: levels above were infeasible (or T = ⌊B⌋), so its best answer, which trades at
 *   least T, is optimal on items;
 * - stopped by its time limit: nothing more is proven (the caller goes on from `proven`).
 *
 * When the optimum is ⌊B⌋ (the usual case for the cycle formulation on kidney-exchange-like
 * instances) the first level settles it, however poor the heuristic answer was. Each level
 * holds more loops than the one above, so the descent stops as soon as one is not settled.
 */
import { solveStage } from './cycle-ilp.js';
import type { Instance } from './instance.js';
import type { Cycles } from './short-cycles.js';

const SLACK = 1e-7;

export type Descent = {
  /** An answer trading `items` items when a level found one, else null. */
  chosen: number[] | null;
  items: number | null;
  /** No answer trades more than this many items (proven). */
  proven: number;
  /** True when `proven` is reached by an answer (found here or the incumbent's `known`). */
  settled: boolean;
  /** Levels tried, and the loops in the last one (for the stats). */
  levels: number;
  lastColumns: number;
};

/** Loops with reduced cost at least `threshold`. */
export function loopsAbove(reduced: Float64Array, threshold: number): number[] {
  const columns: number[] = [];
  for (let c = 0; c < reduced.length; c++)
    if ((reduced[c] ?? 0) >= threshold - SLACK) columns.push(c);
  return columns;
}

/**
 * Descends from `top` (at most ⌊bound⌋) to `known` + 1, `known` being what an answer in hand
 * already trades. `levelDeadline` gives each level its own time limit (a share of what is
 * left), so that an unsettled level leaves time to the caller.
 */
export async function descendTargets(
  instance: Instance,
  cycles: Cycles,
  reduced: Float64Array,
  bound: number,
  top: number,
  known: number,
  levelDeadline: () => number,
): Promise<Descent> {
  let proven = top;
  let levels = 0;
  let lastColumns = 0;
  for (let target = top; target > known; target--) {
    const columns = loopsAbove(reduced, target - bound);
    levels++;
    lastColumns = columns.length;
    if (columns.length === 0) {
      proven = target - 1;
      continue;
    }
    const outcome = await solveStage(
      instance,
      cycles,
      columns,
      'items',
      { items: target },
      null,
      levelDeadline(),
    );
    if (outcome.chosen && outcome.value !== null && outcome.value >= target) {
      // Nothing trades more than `proven` (= target, the levels above being infeasible).
      return {
        chosen: outcome.chosen,
        items: outcome.value,
        proven: Math.max(proven, outcome.value),
        settled: true,
        levels,
        lastColumns,
      };
    }
    if (!outcome.optimal || outcome.chosen) break;
    proven = target - 1;
  }
  return { chosen: null, items: null, proven, settled: proven <= known, levels, lastColumns };
}
