/**
 * The capped problem as integer programs over enumerated loops (the cycle formulation), solved
 * with HiGHS (WebAssembly): one program per objective, each keeping the optimum of the ones
 * before as a constraint, which is how a lexicographic optimum is proven. GLPK.js was measured
 * too: about as fast on the relaxations, several times slower to close the integer programs.
 *
 *   items:   max Σ k_c x_c              s.t. every item in at most one chosen loop (and, given
 *            a target T as `fixed.items`, Σ k_c x_c ≥ T: infeasible then proves the optimum < T)
 *   members: max Σ y_m                  s.t. the above, Σ k_c x_c = K*, y_m ≤ Σ_c n_mc x_c, y ≤ 1
 *   cost:    min Σ cost_c x_c           s.t. the above and Σ y_m ≥ M*
 *   membersThenCost: max W Σ y_m − Σ cost_c x_c  s.t. the members constraints, with W above any
 *            answer's cost, so one program settles members, then cost: both stages at once.
 *
 * (n_mc: items of member m in loop c.) Every objective is an integer, so a gap below 1 proves it.
 */
import { loadHighs } from './highs-runtime.js';
import type { Instance } from './instance.js';
import type { Cycles } from './short-cycles.js';
import { runZeroOneProgram, tooLateForProgram } from './zero-one-program.js';

/** HiGHS's presolve rule bit for probing. */
const NO_PROBING = 1 << 15;
/** Above this many loops a program skips presolve (measured: 100,000 loops, 14 to 17 s). */
const PRESOLVE_MAX_COLUMNS = 20_000;

export type Stage = 'items' | 'members' | 'cost' | 'membersThenCost';

export type StageOutcome = {
  /** Chosen loops of the best answer found (indices into the cycles), or null if none. */
  chosen: number[] | null;
  value: number | null;
  /** Best bound proven on this objective among answers using the given loops. */
  bound: number;
  optimal: boolean;
};

export async function solveStage(
  instance: Instance,
  cycles: Cycles,
  columns: readonly number[],
  stage: Stage,
  fixed: { items?: number; members?: number; memberWeight?: number },
  start: readonly number[] | null,
  deadline: number,
): Promise<StageOutcome> {
  if (tooLateForProgram(deadline))
    return { chosen: null, value: null, bound: Number.NaN, optimal: false };
  const highs = await loadHighs();
  const { owner, isDummy } = instance;

  const itemRow = new Map<number, number>();
  const memberRow = new Map<number, number>();
  for (const c of columns) {
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      if (!itemRow.has(i)) itemRow.set(i, itemRow.size);
      if (stage !== 'items' && isDummy[i] === 0 && !memberRow.has(owner[i] ?? 0))
        memberRow.set(owner[i] ?? 0, memberRow.size);
    }
  }
  const withMembers = stage !== 'items';
  const members = withMembers ? memberRow.size : 0;
  const itemsRow = itemRow.size;
  const firstMemberRow = itemsRow + 1;
  const membersTotalRow = firstMemberRow + members;
  // items with a target: one more row, Σ k_c x_c ≥ target (after the item rows).
  const targetRow = stage === 'items' && fixed.items !== undefined ? itemsRow : -1;
  const rowCount = withMembers
    ? membersTotalRow + (stage === 'cost' ? 1 : 0)
    : itemsRow + (targetRow >= 0 ? 1 : 0);
  const columnCount = columns.length + members;

  const starts: number[] = [0];
  const indices: number[] = [];
  const values: number[] = [];
  const costs = new Float64Array(columnCount);
  const integrality = new Int32Array(columnCount);
  columns.forEach((c, k) => {
    const perMember = new Map<number, number>();
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      indices.push(itemRow.get(i) ?? 0);
      values.push(1);
      if (withMembers && isDummy[i] === 0)
        perMember.set(owner[i] ?? 0, (perMember.get(owner[i] ?? 0) ?? 0) + 1);
    }
    if (withMembers || targetRow >= 0) {
      indices.push(itemsRow);
      values.push(cycles.realCount[c] ?? 0);
    }
    if (withMembers) {
      for (const [m, count] of perMember) {
        indices.push(firstMemberRow + (memberRow.get(m) ?? 0));
        values.push(-count);
      }
    }
    starts.push(indices.length);
    costs[k] =
      stage === 'items'
        ? (cycles.realCount[c] ?? 0)
        : stage === 'cost'
          ? (cycles.cost[c] ?? 0)
          : stage === 'membersThenCost'
            ? -(cycles.cost[c] ?? 0)
            : 0;
    integrality[k] = 1;
  });
  for (let m = 0; m < members; m++) {
    indices.push(firstMemberRow + m);
    values.push(1);
    if (stage === 'cost') {
      indices.push(membersTotalRow);
      values.push(1);
    }
    starts.push(indices.length);
    costs[columns.length + m] =
      stage === 'members' ? 1 : stage === 'membersThenCost' ? (fixed.memberWeight ?? 0) : 0;
  }

  const rowLower = new Float64Array(rowCount).fill(-highs.infinity);
  const rowUpper = new Float64Array(rowCount);
  rowUpper.fill(1, 0, itemsRow);
  if (targetRow >= 0) {
    rowLower[targetRow] = fixed.items ?? 0;
    rowUpper[targetRow] = highs.infinity;
  }
  if (withMembers) {
    rowLower[itemsRow] = fixed.items ?? 0;
    rowUpper[itemsRow] = fixed.items ?? 0;
    if (stage === 'cost') {
      rowLower[membersTotalRow] = fixed.members ?? 0;
      rowUpper[membersTotalRow] = highs.infinity;
    }
  }

  const { answer, ...outcome } = runZeroOneProgram(
    highs,
    {
      sense: stage === 'cost' ? 'minimize' : 'maximize',
      numRows: rowCount,
      colCost: costs,
      starts,
      indices,
      values,
      integrality,
      rowLower,
      rowUpper,
      start: start
        ? startValues(instance, cycles, columns, withMembers ? memberRow : null, start)
        : null,
      // Presolve checks the clock too seldom: on 100,000 loops it ran 8 to 12 s past the time
      // limit (in probing, and without probing in its other rules), so large programs skip it
      // and go straight to the root relaxation, whose simplex `stopAt` can interrupt. Set
      // packing gains little from probing anyway (its implications are the items' rows,
      // already cliques).
      options: {
        presolve: columns.length > PRESOLVE_MAX_COLUMNS ? 'off' : 'choose',
        presolve_rule_off: NO_PROBING,
      },
    },
    deadline,
    (colValue) => columns.filter((_, k) => (colValue[k] ?? 0) > 0.5),
  );
  return { chosen: answer, ...outcome };
}

/** The columns' values of a starting answer: its loops, and the members trading in it. */
function startValues(
  instance: Instance,
  cycles: Cycles,
  columns: readonly number[],
  memberRow: ReadonlyMap<number, number> | null,
  start: readonly number[],
): Float64Array {
  const colValue = new Float64Array(columns.length + (memberRow?.size ?? 0));
  const chosenSet = new Set(start);
  columns.forEach((c, k) => {
    if (chosenSet.has(c)) colValue[k] = 1;
  });
  if (memberRow) {
    const trading = new Set<number>();
    for (const c of start)
      for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
        const i = cycles.items[p] ?? 0;
        if (instance.isDummy[i] === 0) trading.add(instance.owner[i] ?? 0);
      }
    for (const [m, row] of memberRow) if (trading.has(m)) colValue[columns.length + row] = 1;
  }
  return colValue;
}
