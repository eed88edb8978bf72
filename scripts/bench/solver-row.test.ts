import { describe, expect, it } from 'vitest';
import type { SolverResult } from '../../server/features/rounds/solver/types.js';
import { exactness, met } from './solver-row.js';

const run = (overrides: Partial<SolverResult>): SolverResult => ({
  loops: [],
  totals: {
    itemsTraded: 1_390,
    membersTrading: 376,
    totalCost: 56_000,
    totalRank: 56_000,
    loopSizes: [],
    realItems: 2_000,
    members: 400,
  },
  optimal: false,
  bound: { itemsTraded: 1_413, membersTrading: 387, totalCost: 0 },
  gap: { objective: 'itemsTraded', absolute: 23, percent: 1.63 },
  elapsedMs: 9_900,
  notTraded: [],
  method: 'cycle-ilp',
  stats: {},
  ...overrides,
});

describe('the solver bench row', () => {
  it('shows an answer stopped by its budget with its bound and gap, never as proven', () => {
    const result = run({});
    expect(exactness(result, 9_900)).toBe(
      'answered in 9.9 s, not proven: at most 1,413 items, gap 23 (1.63 %)',
    );
    expect(met(result, 9_900, 10_000)).toBe('⚠️ gap');
    expect(met(result, 10_100, 10_000)).toBe('❌');
  });

  it('marks ✅ only a proof within the budget', () => {
    const proven = run({
      optimal: true,
      gap: null,
      bound: { itemsTraded: 1_390, membersTrading: 376, totalCost: 56_000 },
    });
    expect(exactness(proven, 4_000)).toBe('proven optimal');
    expect(met(proven, 4_000, 10_000)).toBe('✅');
    expect(met(proven, 12_000, 10_000)).toBe('❌');
  });

  it('names the objective still open when items are proven', () => {
    const members = run({
      bound: { itemsTraded: 1_390, membersTrading: 380, totalCost: 0 },
      gap: { objective: 'membersTrading', absolute: 4, percent: 1.05 },
    });
    expect(exactness(members, 9_000)).toBe(
      'answered in 9.0 s, not proven: items optimal, at most 380 members, gap 4 (1.05 %)',
    );
  });
});
