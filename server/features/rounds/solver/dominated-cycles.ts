/**
 * Drops loops that another loop dominates: the same items (dummies included) in another order,
 * at a lower or equal cost. Both trade the same items for the same members and block the same
 * items for every other loop, so an answer using the dropped one stays as good or better with
 * the kept one instead: the optimum is unchanged on all three objectives, and the programs have
 * fewer columns. Of equal costs the first found is kept, so the answer stays deterministic.
 */
import type { Cycles } from './short-cycles.js';

export function dropDominated(cycles: Cycles): Cycles {
  const keep = new Map<string, number>();
  for (let c = 0; c < cycles.count; c++) {
    const key = itemSetKey(cycles, c);
    const kept = keep.get(key);
    if (kept === undefined || (cycles.cost[c] ?? 0) < (cycles.cost[kept] ?? 0)) keep.set(key, c);
  }
  if (keep.size === cycles.count) return cycles;
  const chosen = Int32Array.from(keep.values()).sort();
  return selectCycles(cycles, chosen);
}

function itemSetKey(cycles: Cycles, c: number): string {
  const from = cycles.start[c] ?? 0;
  const to = cycles.start[c + 1] ?? 0;
  return Array.from(cycles.items.subarray(from, to))
    .sort((a, b) => a - b)
    .join(',');
}

/** The given loops (ascending indices), renumbered from 0 in that order. */
export function selectCycles(cycles: Cycles, chosen: Int32Array): Cycles {
  let length = 0;
  for (const c of chosen) length += (cycles.start[c + 1] ?? 0) - (cycles.start[c] ?? 0);
  const start = new Int32Array(chosen.length + 1);
  const items = new Int32Array(length);
  const wants = new Int32Array(length);
  const realCount = new Uint8Array(chosen.length);
  const cost = new Float64Array(chosen.length);
  let at = 0;
  chosen.forEach((c, k) => {
    const from = cycles.start[c] ?? 0;
    const to = cycles.start[c + 1] ?? 0;
    items.set(cycles.items.subarray(from, to), at);
    wants.set(cycles.wants.subarray(from, to), at);
    at += to - from;
    start[k + 1] = at;
    realCount[k] = cycles.realCount[c] ?? 0;
    cost[k] = cycles.cost[c] ?? 0;
  });
  return {
    count: chosen.length,
    start,
    items,
    wants,
    realCount,
    cost,
    truncated: cycles.truncated,
    stoppedBy: cycles.stoppedBy,
    paths: cycles.paths,
  };
}
