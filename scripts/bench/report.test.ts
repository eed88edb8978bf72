import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.js';
import {
  keepOtherSections,
  renderFrontend,
  renderScale,
  SCALE_HEADING,
  type ScaleRun,
  spliceSection,
} from './report.js';

const load = (rps: number, p99: number): LoadResult => ({
  rps,
  p50: 1,
  p99,
  requests: rps * 10,
  non2xx: 0,
  errors: 0,
});

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

describe('a full run over the last report', () => {
  it('keeps the sections other benches wrote, in order, before the missed targets', () => {
    const previous = [
      '# Results',
      '',
      '## API',
      '',
      'old api',
      '',
      '## Trade solver (issue 16)',
      '',
      'solver figures',
      '',
      '## Lists as history grows',
      '',
      'history figures',
      '## Missed targets, by how much, and why',
      '',
      'old misses',
      '',
    ].join('\n');
    const fresh =
      '# Results\n\n## API\n\nnew api\n\n## Missed targets, by how much, and why\n\nnew misses\n';
    const merged = keepOtherSections(previous, fresh);
    expect(merged).toContain('new api');
    expect(merged).not.toContain('old api');
    expect(merged).toContain('new misses');
    expect(merged).not.toContain('old misses');
    const order = ['## API', 'solver figures', 'history figures', '## Missed targets'].map((text) =>
      merged.indexOf(text),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('leaves a report with nothing else in it as the run wrote it', () => {
    const fresh = '# Results\n\n## API\n\nnew\n';
    expect(keepOtherSections('', fresh)).toBe(fresh);
    expect(keepOtherSections(fresh.replace('new', 'old'), fresh)).toBe(fresh);
  });
});

describe('renderFrontend (issue 19 §4)', () => {
  it("reports each page's median with the host's CPU benchmark Lighthouse measured", () => {
    const page = (score: number, benchmarkIndex: number) => ({
      score,
      runs: [score, score - 2, score + 1],
      lcpMs: 1400,
      fcpMs: 1000,
      tbtMs: 812,
      cls: 0,
      benchmarkIndex,
      lcpElement: '<p class="lead">',
    });
    const markdown = renderFrontend({
      routes: { '/': { kb: 116.3, files: 24 } },
      lighthouse: { Home: page(81, 1154.5), Browse: page(96, 1890) },
    });
    expect(markdown).toContain('| Host CPU (benchmarkIndex) |');
    expect(markdown).toContain(
      '| Home | **81** (81, 79, 82) ❌ | 1.40 s ✅ | 1.00 s | 812 ms | 0.000 ✅ | 1,155 |',
    );
    expect(markdown).toContain('| Browse | **96** (96, 94, 97) ✅ |');
    expect(markdown).toContain('| 1,890 |');
  });
});
