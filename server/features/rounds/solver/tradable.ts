/**
 * Which items trade in at least one perfect matching of a graph, given one perfect matching:
 * an unmatched-elsewhere item (matched to its own column) can trade exactly when its column lies
 * on an alternating cycle, i.e. in a strongly connected component of size two or more of the
 * "row of column x could move to column j" graph. Linear time, so it is cheap enough to run at
 * every node of the member search.
 */
import type { Bipartite, Matching } from './assignment.js';
import { strongComponents } from './strong-components.js';

export function edgeRows(graph: Bipartite): Int32Array {
  const rows = new Int32Array(graph.start[graph.n] ?? 0);
  for (let i = 0; i < graph.n; i++) rows.fill(i, graph.start[i] ?? 0, graph.start[i + 1] ?? 0);
  return rows;
}

export function tradableItems(
  graph: Bipartite,
  enabled: Uint8Array,
  matching: Matching,
  rowOfEdge: Int32Array,
): Uint8Array {
  const { n, start, column } = graph;
  const { rowOf, columnOf, edgeOf } = matching;
  const arcStart = new Int32Array(n);
  const arcEnd = new Int32Array(n);
  for (let x = 0; x < n; x++) {
    const row = rowOf[x] ?? 0;
    arcStart[x] = start[row] ?? 0;
    arcEnd[x] = start[row + 1] ?? 0;
  }
  const { component, size } = strongComponents(n, arcStart, arcEnd, (e) =>
    enabled[e] === 1 && e !== edgeOf[rowOfEdge[e] ?? 0] ? (column[e] ?? -1) : -1,
  );
  const tradable = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    tradable[i] = columnOf[i] !== i || (size[component[i] ?? 0] ?? 0) >= 2 ? 1 : 0;
  }
  return tradable;
}
