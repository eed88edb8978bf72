import { describe, expect, it } from 'vitest';
import { renderScale, SCALE_HEADING, type ScaleRun } from './report-scale.js';
import { spliceSection } from './report-splice.js';
import { load } from './testing/load-result.js';

const run = (items: number, rows: ScaleRun['load'], searchMs: number): ScaleRun => ({
  date: '2026-11-23T16:00:00.000Z',
  durationSeconds: 600,
  database: { counts: { items, members: items / 10, swapRequests: 1, messages: 1, size: '1 GB' } },
  load: rows,
  plans: {
    'search-common': {
      executionMs: searchMs,
      plan: ['Sort  (cost=1..2)', '  ->  Bitmap Heap Scan on items  (cost=1..2)'],
    },
  },
});

describe('renderScale (issue 19 §5)', () => {
  const base = run(
    100_000,
    [
      {
        endpoint: 'browse',
        connections: 10,
        ours: load(5000, 10),
        floor: load(300, 50),
        static: load(10_000, 2),
        load: 8,
      },
      { endpoint: 'search-common', connections: 10, ours: load(4000, 8), load: 9 },
      { endpoint: 'post-message', connections: 10, ours: load(100, 300) },
    ],
    25,
  );
  const scaled = run(
    1_000_000,
    [
      {
        endpoint: 'browse',
        connections: 10,
        ours: load(6000, 15),
        floor: load(300, 50),
        static: load(12_000, 2),
        load: 5,
      },
      { endpoint: 'search-common', connections: 10, ours: load(6, 2800), load: 5 },
      { endpoint: 'post-message', connections: 10, ours: load(200, 900) },
    ],
    400,
  );
  const text = renderScale(base, scaled);
  const row = (key: string) => text.split('\n').find((line) => line.startsWith(`| ${key} |`)) ?? '';

  it('shows each read’s p99 growth against the 2× goal, with both floors and the loads', () => {
    expect(text.startsWith(SCALE_HEADING)).toBe(true);
    expect(row('browse')).toContain('| 10 → 15 | 1.50× ✅ |');
    expect(row('browse')).toContain('| 16.67 → 20.00 | 0.50 → 0.50 | 8.00 / 5.00 |');
    expect(row('search-common')).toContain('350.00× ❌');
    // A write has no read goal.
    expect(row('post-message')).toContain('| 3.00× |');
  });

  it('sets the query plans side by side with their growth', () => {
    expect(row('search-common').length).toBeGreaterThan(0);
    expect(text).toContain(
      '| search-common | 25.00 | 400.00 | 16.0× | `Sort → Bitmap Heap Scan on items` |',
    );
  });

  it('replaces its own section of the report in place', () => {
    const report = `# Results\n\n${SCALE_HEADING}\n\nold\n\n## Missed targets\n\nx\n`;
    const spliced = spliceSection(report, SCALE_HEADING, text);
    expect(spliced).not.toContain('old');
    expect(spliced).toContain('## Missed targets');
  });
});
