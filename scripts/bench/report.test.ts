import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.js';
import {
  AVAILABILITY_HEADING,
  FEDERATION_HEADING,
  keepOtherSections,
  renderAvailability,
  renderFederation,
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

describe('renderFederation (issue 37 §5)', () => {
  const split = {
    listings: 20_000,
    members: 5_000,
    edges: 230_586,
    instanceListings: [3845, 3908, 3938, 4074, 4235],
    isolated: { inPair: 0.01545, inPairOrCircle: 0.02865 },
    federated: { inPair: 0.06395, inPairOrCircle: 0.2238 },
    canTrade: { isolated: 0.0244, federated: 0.12415 },
  };
  const run = (perSecond: number) => ({
    activities: 500,
    seconds: 500 / perSecond,
    perSecond,
    arrivalsSeconds: [0, 120] as [number, number],
    maxBacklog: 500,
    deliveriesPutBack: 0,
    loadAverage: 3,
    cpuMsPerActivity: { receiver: 15.8, postgres: 13.4 },
  });
  const text = renderFederation({
    date: '2026-11-27T12:00:00.000Z',
    partSeconds: { liquidity: 9, hotReads: 130, inbound: 200, fanOut: 12 },
    liquidity: { instances: 5, synthetic: split },
    hotReads: {
      remote: { listings: 20_000, members: 2_000, instances: 4 },
      remoteOnFirstPage: 4,
      secondsPerRun: 10,
      rows: [
        {
          key: 'browse',
          label: 'Browse, page 1',
          connections: 10,
          ours: load(9_000, 3),
          static: load(20_000, 1),
          load: 3.2,
        },
        {
          key: 'detail-remote',
          label: 'Item detail, remote listings (500 in turn)',
          connections: 10,
          ours: load(6_000, 4),
          static: load(20_000, 1),
          load: 3.3,
        },
      ],
    },
    inbound: { straight: { ...run(4.2), activities: 200, maxBacklog: 4 }, held: run(44) },
    fanOut: {
      followers: 50,
      listings: 5,
      p50Ms: 1100,
      p95Ms: 1750,
      maxMs: 1800,
      lastPerListingMs: [1800],
      missing: 0,
      loadAverage: 3,
    },
  });
  const row = (start: string) => text.split('\n').find((line) => line.startsWith(start)) ?? '';

  it('sets liquidity alone against federated, with the ratio', () => {
    expect(text.startsWith(FEDERATION_HEADING)).toBe(true);
    expect(row('| Synthetic market')).toContain('| 3,845–4,235 | 2.9 % (pairs alone 1.5 %)');
    expect(row('| Synthetic market')).toContain('| **22.4 %** (pairs alone 6.4 %) | **7.8×** |');
    expect(row('| … the share that can trade')).toContain('| 2.4 % | 12.4 % | 5.1× |');
    // No want graph built: no data-set row.
    expect(text).not.toContain("data set's want graph");
  });

  it('marks hot reads against half the static floor', () => {
    expect(row('| Browse, page 1')).toContain('| 0.45 ❌ |');
    expect(row('| Item detail, remote')).toContain('| 0.30 ❌ |');
  });

  it('marks inbound activities against 200/s and fan-out p95 against 5 s', () => {
    expect(row('| **Inbound activities')).toContain('**44.0/s**');
    expect(row('| **Inbound activities')).toContain('≥ 200/s ❌');
    expect(row('| **Inbound activities')).toContain('app server 15.8 ms, PostgreSQL 13.4 ms');
    expect(row('| End to end')).toContain('4.2/s');
    expect(row('| Fan-out')).toContain('**1,750** / 1,800 ms');
    expect(row('| Fan-out')).toContain('p95 ≤ 5 s ✅');
  });
});
