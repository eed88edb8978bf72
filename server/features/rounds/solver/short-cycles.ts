/**
 * Every loop with at most `maxCycle` real items (dummies ride free), each found once: from its
 * lowest-numbered item, through higher-numbered items only. The capped solver chooses among
 * them, so this is the whole search space of that problem.
 *
 * The search walks every simple path of at most `maxCycle` real items, whether or not it can
 * close: wants that lead into long detours make that number grow exponentially with the entries
 * while no short loop exists (docs/solver.md, "Limits"). So it also stops at a number of paths
 * and at a deadline; a stopped enumeration is incomplete (`truncated`) and proves nothing.
 */
import type { Instance } from './instance.js';
import type { TradeGraph } from './trade-graph.js';

export type Cycles = {
  count: number;
  /** Items of cycle c, in want order (each wants the next): items[start[c] .. start[c + 1]). */
  start: Int32Array;
  items: Int32Array;
  /** Instance want index of each step (item k wants item k + 1, the last wants the first). */
  wants: Int32Array;
  realCount: Uint8Array;
  cost: Float64Array;
  /** Set when a limit stopped the enumeration: the list is then incomplete. */
  truncated: boolean;
  /** Which limit stopped it: loops found, paths walked, or the deadline. */
  stoppedBy: 'loops' | 'paths' | 'time' | null;
  /** Simple paths walked (each extension of a path by one item counts one). */
  paths: number;
};

/** Limits on the walk besides the number of loops; absent: none. */
export type EnumerationLimits = {
  /** performance.now() after which the enumeration stops. */
  deadline?: number;
  maxPaths?: number;
};

/** The clock is read once per this many steps of the walk (each costs a few nanoseconds). */
const CLOCK_EVERY = 4096;
/**
 * Items of all loops found, at most (the `items` and `wants` arrays: 64 MB each): the loop
 * limit alone allowed 4 million loops of 20 items, 320 MB each.
 */
const MAX_LOOP_ITEMS = 16_000_000;

class GrowableInt32 {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

export function enumerateCycles(
  instance: Instance,
  graph: TradeGraph,
  maxCycle: number,
  limit: number,
  limits: EnumerationLimits = {},
): Cycles {
  const deadline = limits.deadline ?? Number.POSITIVE_INFINITY;
  const maxPaths = limits.maxPaths ?? Number.POSITIVE_INFINITY;
  const { n, isDummy, wantCost } = instance;
  const { start, column, want } = graph;
  const starts = new GrowableInt32();
  const items = new GrowableInt32();
  const wants = new GrowableInt32();
  const realCounts: number[] = [];
  const costs: number[] = [];
  // wantInto[v] = the want v → s when v wants the current start s, else -1.
  const wantInto = new Int32Array(n).fill(-1);
  const intoList: number[] = [];
  const onPath = new Uint8Array(n);
  const pathNode = new Int32Array(n + 1);
  const pathWant = new Int32Array(n + 1);
  const pathEdge = new Int32Array(n + 1);
  const reverse = reverseEdges(graph);
  // A full path can still grow through its owner's dummies, which cost no length.
  const wantsDummy = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    for (let e = start[v] ?? 0; e < (start[v + 1] ?? 0); e++)
      if ((want[e] ?? -1) >= 0 && isDummy[column[e] ?? 0] === 1) wantsDummy[v] = 1;
  }
  let stoppedBy: Cycles['stoppedBy'] = null;
  let paths = 0;
  let steps = 0;

  for (let s = 0; s < n && stoppedBy === null; s++) {
    for (let k = reverse.start[s] ?? 0; k < (reverse.start[s + 1] ?? 0); k++) {
      const e = reverse.edges[k] ?? 0;
      const v = reverse.row[k] ?? 0;
      if (v > s) {
        wantInto[v] = want[e] ?? 0;
        intoList.push(v);
      }
    }
    if (intoList.length === 0) continue;
    // Depth-first over simple paths s → … with nodes above s, counting real items.
    let depth = 0;
    pathNode[0] = s;
    pathEdge[0] = start[s] ?? 0;
    onPath[s] = 1;
    let real = isDummy[s] === 1 ? 0 : 1;
    let pathCost = 0;
    while (depth >= 0) {
      if (++steps % CLOCK_EVERY === 0 && performance.now() > deadline) {
        stoppedBy = 'time';
        break;
      }
      const v = pathNode[depth] ?? 0;
      const e = pathEdge[depth] ?? 0;
      if (e >= (start[v + 1] ?? 0)) {
        onPath[v] = 0;
        if (isDummy[v] === 0) real--;
        depth--;
        if (depth >= 0) pathCost -= wantCost[pathWant[depth] ?? 0] ?? 0;
        continue;
      }
      pathEdge[depth] = e + 1;
      const w = column[e] ?? 0;
      const wantIndex = want[e] ?? -1;
      if (wantIndex < 0 || w <= s || onPath[w] === 1) continue;
      const wReal = isDummy[w] === 1 ? 0 : 1;
      if (real + wReal > maxCycle) continue;
      const closing = wantInto[w] ?? -1;
      if (closing >= 0) {
        starts.push(items.length);
        for (let k = 0; k <= depth; k++) {
          items.push(pathNode[k] ?? 0);
          wants.push(k < depth ? (pathWant[k] ?? 0) : wantIndex);
        }
        items.push(w);
        wants.push(closing);
        const total = real + wReal;
        realCounts.push(total);
        costs.push(pathCost + (wantCost[wantIndex] ?? 0) + (wantCost[closing] ?? 0));
        if (realCounts.length >= limit || items.length >= MAX_LOOP_ITEMS) {
          stoppedBy = 'loops';
          break;
        }
      }
      // Going deeper only pays if another item can still close the loop.
      if (real + wReal >= maxCycle && wantsDummy[w] === 0) continue;
      if (++paths > maxPaths) {
        stoppedBy = 'paths';
        break;
      }
      pathWant[depth] = wantIndex;
      pathCost += wantCost[wantIndex] ?? 0;
      depth++;
      pathNode[depth] = w;
      pathEdge[depth] = start[w] ?? 0;
      onPath[w] = 1;
      real += wReal;
    }
    // An early break leaves the path marked.
    for (let k = 0; k <= depth; k++) onPath[pathNode[k] ?? 0] = 0;
    for (const v of intoList) wantInto[v] = -1;
    intoList.length = 0;
  }
  starts.push(items.length);
  return {
    count: realCounts.length,
    start: starts.toArray(),
    items: items.toArray(),
    wants: wants.toArray(),
    realCount: Uint8Array.from(realCounts),
    cost: Float64Array.from(costs),
    truncated: stoppedBy !== null,
    stoppedBy,
    paths: Math.min(paths, maxPaths),
  };
}

function reverseEdges(graph: TradeGraph) {
  const { n, start, column } = graph;
  const edges = start[n] ?? 0;
  const counts = new Int32Array(n + 1);
  for (let e = 0; e < edges; e++)
    counts[(column[e] ?? 0) + 1] = (counts[(column[e] ?? 0) + 1] ?? 0) + 1;
  for (let j = 0; j < n; j++) counts[j + 1] = (counts[j + 1] ?? 0) + (counts[j] ?? 0);
  const fill = counts.slice(0, n);
  const list = new Int32Array(edges);
  const row = new Int32Array(edges);
  for (let i = 0; i < n; i++) {
    for (let e = start[i] ?? 0; e < (start[i + 1] ?? 0); e++) {
      const j = column[e] ?? 0;
      const at = fill[j] ?? 0;
      list[at] = e;
      row[at] = i;
      fill[j] = at + 1;
    }
  }
  return { start: counts, edges: list, row };
}
