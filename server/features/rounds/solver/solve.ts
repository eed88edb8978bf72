/**
 * The trade solver: want lists in, disjoint loops out, optimal in this order: (1) most real items
 * traded, (2) most members trading, (3) lowest total want cost (the ranks, by default). Pure:
 * no database, no I/O. See docs/solver.md for the method and why it is exact.
 *
 * Ties: among answers equal on all three objectives, the one returned is whatever the algorithm
 * reaches when it visits items in input order, or in the seed's permutation of it; the same input
 * and seed always give the same answer when the search finishes. A run stopped by the time
 * limit returns its best answer so far with `optimal: false` and the bound it proved.
 */

import { seededRandom, shuffleInPlace } from '../../../../shared/seeded-random.js';
import { buildResult } from './build-result.js';
import { compileInstance } from './instance.js';
import { solveCapped } from './solve-capped.js';
import { solveUncapped } from './solve-uncapped.js';
import { buildTradeGraph } from './trade-graph.js';
import type { SolverInput, SolverOptions, SolverResult } from './types.js';

export const DEFAULT_TIME_LIMIT_MS = 60_000;
/** Past this much CPU time the member search hands over to integer programs (face-ilp.ts). */
const MEMBER_SEARCH_MS = 400;
/**
 * The capped solver's loop enumeration walks at most this many paths: about 2 s of one core (17
 * to 28 million a second measured on the adversarial round, docs/solver.md "Limits"), 400 times
 * what the bench's capped case walks (117,409 paths for 102,581 loops).
 */
export const DEFAULT_MAX_PATHS = 50_000_000;

export async function solveTrade(
  input: SolverInput,
  options: SolverOptions = {},
): Promise<SolverResult> {
  const startedAt = performance.now();
  const maxCycle = options.maxCycle;
  if (maxCycle !== undefined && (!Number.isInteger(maxCycle) || maxCycle < 2))
    throw new RangeError(`maxCycle must be an integer of at least 2, not ${maxCycle}`);
  const instance = compileInstance(input, options.priorities);
  const { n } = instance;
  const rowOrder = Int32Array.from({ length: n }, (_, i) => i);
  if (options.seed) shuffleInPlace(rowOrder, seededRandom(options.seed));
  const order = new Int32Array(n);
  rowOrder.forEach((item, position) => {
    order[item] = position;
  });
  const limits = {
    deadline: startedAt + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS),
    seed: options.seed ?? 0,
    memberSearchMs: options.memberSearchMs ?? MEMBER_SEARCH_MS,
    maxPaths: options.maxPaths ?? DEFAULT_MAX_PATHS,
    order,
    rowOrder,
  };
  const graph = buildTradeGraph(instance);
  const uncapped = await solveUncapped(instance, graph, limits);
  if (maxCycle === undefined || longestLoop(instance.isDummy, uncapped.next) <= maxCycle) {
    return buildResult(instance, { ...uncapped, method: 'assignment' }, startedAt);
  }
  const capped = await solveCapped(instance, graph, maxCycle, uncapped, limits);
  return buildResult(instance, { ...capped, method: 'cycle-ilp' }, startedAt);
}

/** Real items in the longest loop. */
function longestLoop(isDummy: Uint8Array, next: Int32Array): number {
  const seen = new Uint8Array(next.length);
  let longest = 0;
  for (let i = 0; i < next.length; i++) {
    if (seen[i] === 1) continue;
    let real = 0;
    let k = i;
    do {
      seen[k] = 1;
      if (isDummy[k] === 0) real++;
      k = next[k] ?? k;
    } while (k !== i);
    if (k === i && (next[i] ?? i) !== i && real > longest) longest = real;
  }
  return longest;
}
