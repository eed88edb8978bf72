/**
 * A good capped answer from the linear relaxation of the cycle formulation ("diving"): solve the
 * relaxation over the promising loops, fix to 1 every loop it takes at 0.6 or more (those are
 * pairwise disjoint, since two loops sharing an item cannot both be above one half) or else the
 * largest fractional one, and solve again, until the relaxation is whole. On generated want lists
 * this trades more items than greedy packing and local search, where the relaxation is far from
 * whole (many loops at small fractions), because each fix lets the others rearrange around it.
 *
 * A heuristic: the loops it may use are those whose Lagrangian reduced cost is at least
 * `minReduced`. Its first relaxation's duals are handed back as item prices, because they often
 * give a tighter bound than the subgradient's (solve-capped.ts keeps the better of the two).
 */
import type { Highs, Model } from 'highs';
import { lagrangianValue } from './cycle-packing.js';
import { FEASIBLE_SOLUTION, loadHighs, MODEL_STATUS, stopAt } from './highs-runtime.js';
import type { Cycles } from './short-cycles.js';

/** Above this a loop counts as taken. */
const WHOLE = 1 - 1e-6;
const FIX_AT = 0.6;
/** The dive keeps loops whose reduced cost in the first relaxation is at least this. */
const DIVE_REDUCED = -0.5;
/** Relaxations re-solved with the loops left out that the duals price above zero. */
const PRICING_ROUNDS = 4;
const PRICED_IN = 1e-6;

export type Dive = {
  /** The loops of the answer found, or null if time ran out first. */
  chosen: number[] | null;
  /**
   * Item prices from the first relaxation's duals (the `prices` given for items outside it),
   * or null if it was not solved: the caller's Lagrangian bound at these prices is the
   * relaxation's value whenever the loops left out could not improve it.
   */
  prices: Float64Array | null;
  /** Relaxations solved after the first one, over loops its duals priced in. */
  pricingRounds: number;
};

export async function diveForPacking(
  cycles: Cycles,
  reduced: Float64Array,
  prices: Float64Array,
  minReduced: number,
  maxColumns: number,
  deadline: number,
  stop: () => boolean = () => false,
  firstDeadline = deadline,
): Promise<Dive> {
  let columns = promising(reduced, minReduced, maxColumns);
  if (columns.length === 0) return { chosen: null, prices: null, pricingRounds: 0 };
  const highs = await loadHighs();
  // 1. The relaxation over the promising loops. It may run to `firstDeadline` whatever `stop`
  // says: without it there is neither a bound nor a dive (a starved run once reported the
  // uncapped bound, 1,544).
  let lp = pricedRelaxation(highs, cycles, columns, prices, firstDeadline, () => false);
  if (!lp) return { chosen: null, prices: null, pricingRounds: 0 };
  // 2. Dive over the loops its reduced costs keep close: far fewer, so each re-solve is quick.
  const chosen = dive(
    highs,
    cycles,
    promising(lp.reduced, DIVE_REDUCED, maxColumns),
    deadline,
    stop,
  );
  // 3. With the time left, the loops left out that the duals price above zero (column
  // generation), for the bound: with poor starting prices (a subgradient stopped early on a
  // loaded machine) the first set missed loops and its bound was 15 items too high.
  let pricingRounds = 0;
  while (pricingRounds < PRICING_ROUNDS && !stop()) {
    const inside = new Uint8Array(cycles.count);
    for (const c of columns) inside[c] = 1;
    const entering: number[] = [];
    const priced = lp.unpricedReduced;
    for (let c = 0; c < cycles.count; c++)
      if (inside[c] === 0 && (priced[c] ?? 0) > PRICED_IN) entering.push(c);
    if (entering.length === 0) break;
    entering.sort((x, y) => (priced[y] ?? 0) - (priced[x] ?? 0) || x - y);
    columns = [...columns, ...entering.slice(0, maxColumns)].sort((x, y) => x - y);
    const next = pricedRelaxation(highs, cycles, columns, prices, deadline, stop);
    if (!next) break;
    pricingRounds++;
    if (next.bound <= lp.bound) lp = next;
  }
  return { chosen, prices: lp.prices, pricingRounds };
}

type Priced = {
  /** Item prices: the relaxation's duals, and for items outside it 0 or the given prices. */
  prices: Float64Array;
  reduced: Float64Array;
  bound: number;
  /** Reduced costs with no price outside the relaxation: positive ones may improve it. */
  unpricedReduced: Float64Array;
};

/** The relaxation over `columns`, and the Lagrangian bound at its duals (null: not solved). */
function pricedRelaxation(
  highs: Highs,
  cycles: Cycles,
  columns: readonly number[],
  prices: Float64Array,
  deadline: number,
  stop: () => boolean,
): Priced | null {
  const lp = relaxation(highs, cycles, columns);
  let rowDual: Float64Array | number[];
  try {
    if (!solve(highs, lp.model, deadline, stop)) return null;
    rowDual = lp.model.getSolution().rowDual;
  } finally {
    lp.model.dispose();
  }
  // Items outside the relaxation's rows: no price (the relaxation's own dual), or the given
  // ones; either gives a valid bound, keep the lower.
  const zero = new Float64Array(prices.length);
  const kept = prices.slice();
  lp.rowItems.forEach((i, row) => {
    zero[i] = Math.max(0, rowDual[row] ?? 0);
    kept[i] = zero[i] ?? 0;
  });
  const zeroReduced = new Float64Array(cycles.count);
  const keptReduced = new Float64Array(cycles.count);
  const zeroBound = lagrangianValue(cycles, zero, zeroReduced);
  const keptBound = lagrangianValue(cycles, kept, keptReduced);
  return zeroBound <= keptBound
    ? { prices: zero, reduced: zeroReduced, bound: zeroBound, unpricedReduced: zeroReduced }
    : { prices: kept, reduced: keptReduced, bound: keptBound, unpricedReduced: zeroReduced };
}

/** Fixes loops taken at FIX_AT or more (or the largest fraction) until whole; null: no time. */
function dive(
  highs: Highs,
  cycles: Cycles,
  narrow: readonly number[],
  deadline: number,
  stop: () => boolean,
): number[] | null {
  if (narrow.length === 0) return [];
  const { model } = relaxation(highs, cycles, narrow);
  try {
    const fixed = new Uint8Array(narrow.length);
    for (;;) {
      if (!solve(highs, model, deadline, stop)) return null;
      const { colValue } = model.getSolution();
      let largest = -1;
      let largestValue = 0;
      const toFix: number[] = [];
      for (let k = 0; k < narrow.length; k++) {
        const x = colValue[k] ?? 0;
        if (fixed[k] === 1 || x <= 1e-6 || x >= WHOLE) continue;
        if (x >= FIX_AT) toFix.push(k);
        if (x > largestValue) {
          largestValue = x;
          largest = k;
        }
      }
      if (largest < 0) {
        const chosen: number[] = [];
        for (let k = 0; k < narrow.length; k++)
          if ((colValue[k] ?? 0) >= WHOLE) chosen.push(narrow[k] ?? 0);
        return chosen;
      }
      if (toFix.length === 0) toFix.push(largest);
      for (const k of toFix) {
        fixed[k] = 1;
        model.changeColBounds(k, 1, 1);
      }
    }
  } finally {
    model.dispose();
  }
}

type Relaxation = {
  model: Model;
  /** The item of each row. */
  rowItems: Int32Array;
  starts: Int32Array;
  indices: Int32Array;
  costs: Float64Array;
};

/** max Σ k_c x_c over the given loops, each item in at most one, 0 ≤ x ≤ 1. */
function relaxation(highs: Highs, cycles: Cycles, columns: readonly number[]): Relaxation {
  const rowOf = new Map<number, number>();
  const starts = new Int32Array(columns.length + 1);
  const list: number[] = [];
  const costs = new Float64Array(columns.length);
  columns.forEach((c, k) => {
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      let row = rowOf.get(i);
      if (row === undefined) {
        row = rowOf.size;
        rowOf.set(i, row);
      }
      list.push(row);
    }
    starts[k + 1] = list.length;
    costs[k] = cycles.realCount[c] ?? 0;
  });
  const rows = rowOf.size;
  const indices = Int32Array.from(list);
  const rowItems = new Int32Array(rows);
  for (const [i, row] of rowOf) rowItems[row] = i;
  const model = highs.createModel();
  model.passModel({
    numCols: columns.length,
    numRows: rows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: costs,
    colLower: new Float64Array(columns.length),
    colUpper: new Float64Array(columns.length).fill(1),
    rowLower: new Float64Array(rows).fill(-highs.infinity),
    rowUpper: new Float64Array(rows).fill(1),
    matrix: {
      format: 'csc',
      numRows: rows,
      numCols: columns.length,
      starts,
      indices,
      values: new Float64Array(indices.length).fill(1),
    },
  });
  return { model, rowItems, starts, indices, costs };
}

/**
 * Solves within the deadline (and before `stop()`); false when it could not (time, or anything but optimal). By
 * interior point: these relaxations are so degenerate that HiGHS's dual simplex took 5 s where
 * interior point (with crossover) took 0.3 s, even warm after a fix.
 */
function solve(highs: Highs, model: Model, deadline: number, stop: () => boolean): boolean {
  const seconds = (deadline - performance.now()) / 1000;
  if (seconds <= 0.01 || stop()) return false;
  model.options.set({ output_flag: false, time_limit: seconds, solver: 'ipm' });
  model.run(stopAt(highs, deadline, stop));
  // Optimal alone is not enough: on a loaded machine (run interrupted, load ≈ 8) one run came
  // back with duals whose bound was 178,807 items. Both solutions must be reported feasible.
  return (
    model.getModelStatus() === MODEL_STATUS.optimal &&
    model.info.get('primal_solution_status') === FEASIBLE_SOLUTION &&
    model.info.get('dual_solution_status') === FEASIBLE_SOLUTION
  );
}

/** Loops with reduced cost at least `minReduced`, the best `maxColumns` of them, ascending. */
function promising(reduced: Float64Array, minReduced: number, maxColumns: number): number[] {
  let columns: number[] = [];
  for (let c = 0; c < reduced.length; c++) if ((reduced[c] ?? 0) >= minReduced) columns.push(c);
  if (columns.length > maxColumns) {
    columns.sort((a, b) => (reduced[b] ?? 0) - (reduced[a] ?? 0) || a - b);
    columns = columns.slice(0, maxColumns).sort((a, b) => a - b);
  }
  return columns;
}
