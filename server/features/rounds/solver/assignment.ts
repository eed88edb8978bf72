/**
 * Minimum-cost perfect matching on a sparse square bipartite graph (rows and columns are both
 * items; the solver guarantees a perfect matching exists through every row's own column).
 *
 * Why an auction with ε-scaling: shortest augmenting paths, TradeMaximizer's method, explore the
 * whole graph once for every item that ends up not trading, which is quadratic in practice on a
 * million wants. The auction (Bertsekas) touches each row's list a few times per scaling phase.
 * With integer costs multiplied by n + 1 and a last phase at ε = 1, the matching is optimal.
 *
 * The auction's prices are only ε-optimal, and the solver needs exact duals (to know which wants
 * can appear in some optimal answer, and to warm-start later searches), so one Dijkstra pass
 * turns them into exact integer potentials: see `exactDuals`.
 */
import { IndexedHeap } from './indexed-heap.js';

export type Bipartite = {
  n: number;
  /** Row i's edges are [start[i], start[i + 1]). */
  start: Int32Array;
  column: Int32Array;
};

/**
 * A perfect matching with exact dual potentials: u[i] + v[j] <= cost(i, j) on every edge, with
 * equality on matched edges (so the matching is optimal, and every optimal matching uses only
 * edges where equality holds).
 */
export type Matching = {
  columnOf: Int32Array;
  rowOf: Int32Array;
  /** Edge index of each row's matched edge. */
  edgeOf: Int32Array;
  u: Float64Array;
  v: Float64Array;
};

const SCALING_FACTOR = 6;

export function solveAssignment(
  graph: Bipartite,
  cost: Float64Array,
  rowOrder?: Int32Array,
): Matching {
  const { n, start, column } = graph;
  const scale = n + 1;
  const edges = start[n] ?? 0;
  const scaled = new Float64Array(edges);
  let maxCost = 0;
  for (let e = 0; e < edges; e++) {
    const c = (cost[e] ?? 0) * scale;
    scaled[e] = c;
    if (Math.abs(c) > maxCost) maxCost = Math.abs(c);
  }
  const prices = new Float64Array(n);
  const columnOf = new Int32Array(n).fill(-1);
  const rowOf = new Int32Array(n).fill(-1);
  const edgeOf = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  // A row with a single edge outbids everyone at once: its column is simply its own.
  const lonelyIncrement = 2 * maxCost + 1;

  let epsilon = Math.max(1, Math.floor(maxCost / SCALING_FACTOR));
  for (;;) {
    columnOf.fill(-1);
    rowOf.fill(-1);
    // Circular queue of unassigned rows; exactly n slots suffice since a row is queued at most once.
    let head = 0;
    let count = n;
    for (let k = 0; k < n; k++) queue[k] = rowOrder ? (rowOrder[k] ?? k) : k;
    while (count > 0) {
      const row = queue[head] ?? 0;
      head = head + 1 === n ? 0 : head + 1;
      count--;
      let best = Number.NEGATIVE_INFINITY;
      let second = Number.NEGATIVE_INFINITY;
      let bestEdge = -1;
      const end = start[row + 1] ?? 0;
      for (let e = start[row] ?? 0; e < end; e++) {
        const value = -(scaled[e] ?? 0) - (prices[column[e] ?? 0] ?? 0);
        if (value > best) {
          second = best;
          best = value;
          bestEdge = e;
        } else if (value > second) {
          second = value;
        }
      }
      const j = column[bestEdge] ?? 0;
      const increment = second === Number.NEGATIVE_INFINITY ? lonelyIncrement : best - second;
      prices[j] = (prices[j] ?? 0) + increment + epsilon;
      const previous = rowOf[j] ?? -1;
      rowOf[j] = row;
      columnOf[row] = j;
      edgeOf[row] = bestEdge;
      if (previous >= 0) {
        columnOf[previous] = -1;
        let tail = head + count;
        if (tail >= n) tail -= n;
        queue[tail] = previous;
        count++;
      }
    }
    if (epsilon === 1) break;
    epsilon = Math.max(1, Math.floor(epsilon / SCALING_FACTOR));
  }

  const { u, v } = exactDuals(graph, scaled, scale, prices, rowOf, edgeOf);
  return { columnOf, rowOf, edgeOf, u, v };
}

/**
 * Exact integer potentials for an optimal matching, from the auction's 1-optimal prices.
 *
 * Column potentials are shortest distances in the graph with an arc σ(i) → j of length
 * cost(i, j) − cost(i, σ(i)) for every edge (i, j), from a virtual source joined to every column
 * (no negative cycle exists because the matching is optimal). With the prices as potentials the
 * scaled arc lengths are at least −1, so Dijkstra runs on (reduced length + 1) ≥ 0 while adding up
 * the true lengths. The path it picks is at most n scaled units longer than a shortest one, and
 * true lengths are multiples of n + 1, so the true length it adds up is exactly the shortest.
 */
function exactDuals(
  graph: Bipartite,
  scaled: Float64Array,
  scale: number,
  prices: Float64Array,
  rowOf: Int32Array,
  edgeOf: Int32Array,
): { u: Float64Array; v: Float64Array } {
  const { n, start, column } = graph;
  let minPrice = Number.POSITIVE_INFINITY;
  for (let j = 0; j < n; j++) if ((prices[j] ?? 0) < minPrice) minPrice = prices[j] ?? 0;
  const heap = new IndexedHeap(n);
  const trueLength = new Float64Array(n);
  const settled = new Uint8Array(n);
  for (let j = 0; j < n; j++) heap.push(j, (prices[j] ?? 0) - minPrice);
  while (heap.size > 0) {
    const x = heap.pop();
    settled[x] = 1;
    const distance = heap.key[x] ?? 0;
    const row = rowOf[x] ?? 0;
    const matchedCost = scaled[edgeOf[row] ?? 0] ?? 0;
    const priceX = prices[x] ?? 0;
    const base = trueLength[x] ?? 0;
    const end = start[row + 1] ?? 0;
    for (let e = start[row] ?? 0; e < end; e++) {
      const j = column[e] ?? 0;
      if (settled[j] === 1) continue;
      const length = (scaled[e] ?? 0) - matchedCost;
      const reduced = length - priceX + (prices[j] ?? 0) + 1;
      const candidate = distance + reduced;
      if (!heap.has(j) || candidate < (heap.key[j] ?? 0)) {
        heap.push(j, candidate);
        trueLength[j] = base + length;
      }
    }
  }
  const v = new Float64Array(n);
  const u = new Float64Array(n);
  for (let j = 0; j < n; j++) v[j] = Math.round((trueLength[j] ?? 0) / scale);
  for (let i = 0; i < n; i++) {
    const e = edgeOf[i] ?? 0;
    u[i] = Math.round((scaled[e] ?? 0) / scale) - (v[column[e] ?? 0] ?? 0);
  }
  return { u, v };
}
