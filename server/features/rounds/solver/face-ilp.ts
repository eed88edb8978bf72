/**
 * Members and cost as integer programs over the most-items face, for the hard cases where the
 * member search (solve-uncapped.ts) does not close its gap quickly. Only edges that lie in some
 * perfect matching of the face are variables (the others are fixed either way), so the program
 * is an assignment problem plus one row per member:
 *
 *   each row and each column: exactly one chosen edge
 *   y_m + Σ (own-column edges of m's items) ≤ (m's items)     (m trades only if one item does)
 *   members: max Σ y_m        cost: min Σ cost_e x_e with Σ y_m ≥ M*
 */
import type { Matching } from './assignment.js';
import { loadHighs } from './highs-runtime.js';
import type { Instance } from './instance.js';
import { strongComponents } from './strong-components.js';
import type { TradeGraph } from './trade-graph.js';
import { runZeroOneProgram, tooLateForProgram } from './zero-one-program.js';

export type FaceOutcome = {
  /** Column matched to each row in the best answer found, or null. */
  columnOf: Int32Array | null;
  value: number | null;
  bound: number;
  optimal: boolean;
};

/** Edges of the face that belong to at least one perfect matching (see tradable.ts). */
export function flexibleEdges(face: TradeGraph, root: Matching, rowOfEdge: Int32Array): number[] {
  const { n, start, column } = face;
  const arcStart = new Int32Array(n);
  const arcEnd = new Int32Array(n);
  for (let x = 0; x < n; x++) {
    const row = root.rowOf[x] ?? 0;
    arcStart[x] = start[row] ?? 0;
    arcEnd[x] = start[row + 1] ?? 0;
  }
  const { component } = strongComponents(n, arcStart, arcEnd, (e) =>
    e !== root.edgeOf[rowOfEdge[e] ?? 0] ? (column[e] ?? -1) : -1,
  );
  const edges: number[] = [];
  for (let e = 0; e < (start[n] ?? 0); e++) {
    const row = rowOfEdge[e] ?? 0;
    if (e === root.edgeOf[row] || component[column[e] ?? 0] === component[root.columnOf[row] ?? 0])
      edges.push(e);
  }
  return edges;
}

export async function solveFaceStage(
  instance: Instance,
  face: TradeGraph,
  cost: Float64Array,
  edges: readonly number[],
  rowOfEdge: Int32Array,
  stage: 'members' | 'cost',
  minimumMembers: number,
  start: Int32Array,
  deadline: number,
): Promise<FaceOutcome> {
  if (tooLateForProgram(deadline))
    return { columnOf: null, value: null, bound: Number.NaN, optimal: false };
  const highs = await loadHighs();
  const { n, owner, isDummy, memberNames } = instance;
  const memberCount = memberNames.length;
  const realItems = new Int32Array(memberCount);
  const selfEdges = new Int32Array(memberCount);
  for (let i = 0; i < n; i++)
    if (isDummy[i] === 0) realItems[owner[i] ?? 0] = (realItems[owner[i] ?? 0] ?? 0) + 1;
  for (const e of edges) {
    const row = rowOfEdge[e] ?? 0;
    if ((face.want[e] ?? 0) < 0 && isDummy[row] === 0)
      selfEdges[owner[row] ?? 0] = (selfEdges[owner[row] ?? 0] ?? 0) + 1;
  }

  const memberRows = 2 * n;
  const totalRow = memberRows + memberCount;
  const rowCount = totalRow + (stage === 'cost' ? 1 : 0);
  const columnCount = edges.length + memberCount;
  const starts: number[] = [0];
  const indices: number[] = [];
  const values: number[] = [];
  const objective = new Float64Array(columnCount);
  const integrality = new Int32Array(columnCount);
  const startValue = new Float64Array(columnCount);
  const trading = new Uint8Array(memberCount);
  edges.forEach((e, k) => {
    const row = rowOfEdge[e] ?? 0;
    indices.push(row, n + (face.column[e] ?? 0));
    values.push(1, 1);
    if ((face.want[e] ?? 0) < 0 && isDummy[row] === 0) {
      indices.push(memberRows + (owner[row] ?? 0));
      values.push(1);
    }
    starts.push(indices.length);
    objective[k] = stage === 'cost' ? (cost[e] ?? 0) : 0;
    integrality[k] = 1;
    if (start[row] === face.column[e]) {
      startValue[k] = 1;
      if ((face.want[e] ?? 0) >= 0 && isDummy[row] === 0) trading[owner[row] ?? 0] = 1;
    }
  });
  for (let m = 0; m < memberCount; m++) {
    indices.push(memberRows + m);
    values.push(1);
    if (stage === 'cost') {
      indices.push(totalRow);
      values.push(1);
    }
    starts.push(indices.length);
    objective[edges.length + m] = stage === 'members' ? 1 : 0;
    startValue[edges.length + m] = trading[m] ?? 0;
  }
  const rowLower = new Float64Array(rowCount);
  const rowUpper = new Float64Array(rowCount);
  rowLower.fill(1, 0, memberRows);
  rowUpper.fill(1, 0, memberRows);
  for (let m = 0; m < memberCount; m++) {
    rowLower[memberRows + m] = -highs.infinity;
    // A member with an item that always trades (no own-column edge left) is free.
    rowUpper[memberRows + m] =
      (selfEdges[m] ?? 0) === (realItems[m] ?? 0) ? (realItems[m] ?? 0) : highs.infinity;
  }
  if (stage === 'cost') {
    rowLower[totalRow] = minimumMembers;
    rowUpper[totalRow] = highs.infinity;
  }

  const { answer, ...outcome } = runZeroOneProgram(
    highs,
    {
      sense: stage === 'cost' ? 'minimize' : 'maximize',
      numRows: rowCount,
      colCost: objective,
      starts,
      indices,
      values,
      integrality,
      rowLower,
      rowUpper,
      start: startValue,
    },
    deadline,
    (colValue) => {
      const columnOf = new Int32Array(n).fill(-1);
      edges.forEach((e, k) => {
        if ((colValue[k] ?? 0) > 0.5) columnOf[rowOfEdge[e] ?? 0] = face.column[e] ?? 0;
      });
      return columnOf;
    },
  );
  return { columnOf: answer, ...outcome };
}
