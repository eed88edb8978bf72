import { describe, expect, it } from 'vitest';
import { dropDominated } from './dominated-cycles.js';
import { compileInstance } from './instance.js';
import { enumerateCycles } from './short-cycles.js';
import { buildTradeGraph } from './trade-graph.js';
import type { SolverItem } from './types.js';

const item = (id: string, owner: string, wants: string[]): SolverItem => ({
  id,
  owner,
  wants: wants.map((w, k) => ({ item: w, rank: k + 1 })),
});

function cyclesOf(items: SolverItem[], maxCycle: number) {
  const instance = compileInstance({ items });
  return enumerateCycles(instance, buildTradeGraph(instance), maxCycle, 1_000);
}

const itemSets = (cycles: ReturnType<typeof cyclesOf>) =>
  Array.from({ length: cycles.count }, (_, c) =>
    Array.from(cycles.items.subarray(cycles.start[c], cycles.start[c + 1])),
  );

describe('dropDominated', () => {
  it('keeps the cheaper direction of a loop through the same items', () => {
    // Both A → B → C → A (ranks 1 + 1 + 1) and A → C → B → A (ranks 2 + 2 + 2) exist.
    const cycles = cyclesOf(
      [item('A', 'ann', ['B', 'C']), item('B', 'bob', ['C', 'A']), item('C', 'cat', ['A', 'B'])],
      3,
    );
    const kept = dropDominated(cycles);
    const triangles = itemSets(kept).filter((s) => s.length === 3);
    expect(triangles).toEqual([[0, 1, 2]]);
    const k = itemSets(kept).findIndex((s) => s.length === 3);
    expect(kept.cost[k]).toBe(3);
    // The three two-item loops have no rival and stay.
    expect(kept.count).toBe(cycles.count - 1);
    expect(itemSets(kept).filter((s) => s.length === 2)).toHaveLength(3);
  });

  it('returns the same loops when none is dominated', () => {
    const cycles = cyclesOf([item('A', 'ann', ['B']), item('B', 'bob', ['A'])], 3);
    expect(dropDominated(cycles)).toBe(cycles);
  });
});
