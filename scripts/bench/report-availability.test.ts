import { describe, expect, it } from 'vitest';
import { AVAILABILITY_HEADING, renderAvailability } from './report-availability.js';

const spread = (p50: number, p99: number, n = 400) => ({ n, p50, p99, max: p99 * 2 });

describe('renderAvailability (issue 36)', () => {
  const text = renderAvailability({
    date: '2026-11-27T12:00:00.000Z',
    durationSeconds: 95,
    round: {
      maze: 40,
      chain: 22,
      budgetMs: 20_000,
      acceptedMs: 16,
      solveMs: 8_300,
      result: {
        itemsTraded: 20,
        items: 62,
        membersTrading: 2,
        members: 2,
        loops: 1,
        totalRank: 40,
        optimal: false,
        itemsBound: 24,
        elapsedMs: 8_100,
        method: 'loops',
      } as never,
      healthzIdle: spread(0.5, 17.6),
      healthzDuring: spread(3.1, 66.2, 3485),
      probes: 4,
      load: [3.1, 3.4],
    },
    ring: {
      ring: 50,
      writers: 2,
      upkeepAfterCommit: true,
      rebuildMs: 900,
      putMs: 76,
      caughtUpMs: 451,
      postIdle: spread(20, 40, 60),
      postDuring: spread(25, 55, 30),
      rotations: [0, 7500],
      catsCircles: 80,
      matchesReadMs: 30,
      reordered: { answered: 50, caughtUp: 400 },
      deleted: { answered: 40, caughtUp: 300 },
      load: [3.5, 3.6],
    },
  });
  const row = (start: string) => text.split('\n').find((line) => line.startsWith(start)) ?? '';

  it('gives the solve against its budget and /healthz p99 while solving against idle', () => {
    expect(text.startsWith(AVAILABILITY_HEADING)).toBe(true);
    expect(row('| … solve')).toContain('**8.3 s** (42 % of the budget)');
    expect(row('| … solve')).toContain('not proven: at most 24');
    expect(row('| … solve')).toContain('✅');
    expect(row('| **p99 while solving')).toContain('**3.76×**');
    expect(row('| `GET /healthz` while')).toContain('**66.2 ms**');
  });

  it("gives the ring's PUT and another member's POST p99 during it against idle", () => {
    expect(row('| Ring of wants')).toContain('**76.0 ms**');
    expect(row('| … want graph caught up')).toContain('0 → 7,500 circle rotations');
    expect(row('| **p99 during the PUT')).toContain('**1.38×**');
  });
});
