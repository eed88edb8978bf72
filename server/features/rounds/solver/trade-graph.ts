/**
 * The assignment view of a round: row i is "what item i's owner receives for it", column j is
 * "who receives item j". Row i keeps its wants (as edges to their columns) plus its own column,
 * which means "does not trade"; a perfect matching is then exactly a set of disjoint loops.
 */
import type { Bipartite } from './assignment.js';
import type { Instance } from './instance.js';
import { strongComponents } from './strong-components.js';

export type TradeGraph = Bipartite & {
  /** The instance want behind each edge, or -1 for a row's own column. */
  want: Int32Array;
};

/**
 * Wants between different strongly connected components lie on no loop (TradeMaximizer prunes
 * them too); dropping them first shrinks every later step.
 */
export function buildTradeGraph(instance: Instance): TradeGraph {
  const { n, wantStart, wantTarget } = instance;
  const { component } = strongComponents(
    n,
    wantStart,
    wantStart.subarray(1),
    (e) => wantTarget[e] ?? -1,
  );
  let kept = 0;
  for (let i = 0; i < n; i++) {
    for (let w = wantStart[i] ?? 0; w < (wantStart[i + 1] ?? 0); w++) {
      if (component[wantTarget[w] ?? 0] === component[i]) kept++;
    }
  }
  const start = new Int32Array(n + 1);
  const column = new Int32Array(kept + n);
  const want = new Int32Array(kept + n);
  let e = 0;
  for (let i = 0; i < n; i++) {
    start[i] = e;
    for (let w = wantStart[i] ?? 0; w < (wantStart[i + 1] ?? 0); w++) {
      const j = wantTarget[w] ?? 0;
      if (component[j] !== component[i]) continue;
      column[e] = j;
      want[e++] = w;
    }
    column[e] = i;
    want[e++] = -1;
  }
  start[n] = e;
  return { n, start, column, want };
}

/** The same graph with only the edges where `keep` is 1, in the same order. */
export function restrictGraph(graph: TradeGraph, keep: Uint8Array): TradeGraph {
  const { n } = graph;
  let count = 0;
  for (let e = 0; e < keep.length; e++) count += keep[e] ?? 0;
  const start = new Int32Array(n + 1);
  const column = new Int32Array(count);
  const want = new Int32Array(count);
  let next = 0;
  for (let i = 0; i < n; i++) {
    start[i] = next;
    for (let e = graph.start[i] ?? 0; e < (graph.start[i + 1] ?? 0); e++) {
      if (keep[e] !== 1) continue;
      column[next] = graph.column[e] ?? 0;
      want[next++] = graph.want[e] ?? 0;
    }
  }
  start[n] = next;
  return { n, start, column, want };
}

/** Edges into each column: columnEdges[columnStart[j] .. columnStart[j + 1]) are edge indices. */
export function edgesByColumn(graph: Bipartite): {
  columnStart: Int32Array;
  columnEdges: Int32Array;
} {
  const { n, start, column } = graph;
  const edges = start[n] ?? 0;
  const columnStart = new Int32Array(n + 1);
  for (let e = 0; e < edges; e++)
    columnStart[(column[e] ?? 0) + 1] = (columnStart[(column[e] ?? 0) + 1] ?? 0) + 1;
  for (let j = 0; j < n; j++)
    columnStart[j + 1] = (columnStart[j + 1] ?? 0) + (columnStart[j] ?? 0);
  const fill = columnStart.slice(0, n);
  const columnEdges = new Int32Array(edges);
  for (let e = 0; e < edges; e++) {
    const j = column[e] ?? 0;
    columnEdges[fill[j] ?? 0] = e;
    fill[j] = (fill[j] ?? 0) + 1;
  }
  return { columnStart, columnEdges };
}
