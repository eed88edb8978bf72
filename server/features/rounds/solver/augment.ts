/**
 * One shortest augmenting path (the Hungarian step) from a free row, on reduced costs that exact
 * duals keep non-negative. The member search uses it to repair an optimal matching after it
 * forbids a few edges: forbidding edges keeps the duals feasible, so each broken row costs one
 * Dijkstra instead of a new auction.
 */
import type { Bipartite, Matching } from './assignment.js';
import { IndexedHeap } from './indexed-heap.js';

export type AugmentScratch = {
  heap: IndexedHeap;
  settled: Uint8Array;
  settledList: Int32Array;
  predecessorEdge: Int32Array;
  predecessorRow: Int32Array;
};

export function augmentScratch(n: number): AugmentScratch {
  return {
    heap: new IndexedHeap(n),
    settled: new Uint8Array(n),
    settledList: new Int32Array(n),
    predecessorEdge: new Int32Array(n),
    predecessorRow: new Int32Array(n),
  };
}

/**
 * Matches `source` (a free row) along a cheapest alternating path over enabled edges, updating
 * the duals so that they stay exact. Returns false, changing nothing, when no free column is
 * reachable.
 */
export function augmentRow(
  graph: Bipartite,
  cost: Float64Array,
  enabled: Uint8Array,
  matching: Matching,
  source: number,
  scratch: AugmentScratch,
): boolean {
  const { start, column } = graph;
  const { columnOf, rowOf, edgeOf, u, v } = matching;
  const { heap, settled, settledList, predecessorEdge, predecessorRow } = scratch;
  let settledCount = 0;

  const relax = (row: number, base: number) => {
    const ur = u[row] ?? 0;
    const end = start[row + 1] ?? 0;
    for (let e = start[row] ?? 0; e < end; e++) {
      if (enabled[e] !== 1) continue;
      const j = column[e] ?? 0;
      if (settled[j] === 1) continue;
      const candidate = base + (cost[e] ?? 0) - ur - (v[j] ?? 0);
      if (!heap.has(j) || candidate < (heap.key[j] ?? 0)) {
        heap.push(j, candidate);
        predecessorEdge[j] = e;
        predecessorRow[j] = row;
      }
    }
  };

  relax(source, 0);
  let found = -1;
  while (heap.size > 0) {
    const x = heap.pop();
    settled[x] = 1;
    settledList[settledCount++] = x;
    if ((rowOf[x] ?? -1) < 0) {
      found = x;
      break;
    }
    relax(rowOf[x] ?? 0, heap.key[x] ?? 0);
  }
  heap.clear();
  if (found >= 0) {
    const delta = heap.key[found] ?? 0;
    for (let k = 0; k < settledCount; k++) {
      const j = settledList[k] ?? 0;
      const slack = delta - (heap.key[j] ?? 0);
      v[j] = (v[j] ?? 0) - slack;
      const row = rowOf[j] ?? -1;
      if (row >= 0) u[row] = (u[row] ?? 0) + slack;
    }
    u[source] = (u[source] ?? 0) + delta;
    let j = found;
    for (;;) {
      const row = predecessorRow[j] ?? 0;
      const previous = columnOf[row] ?? -1;
      columnOf[row] = j;
      rowOf[j] = row;
      edgeOf[row] = predecessorEdge[j] ?? 0;
      if (row === source) break;
      j = previous;
    }
  }
  for (let k = 0; k < settledCount; k++) settled[settledList[k] ?? 0] = 0;
  return found >= 0;
}
