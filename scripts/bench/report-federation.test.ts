import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { FEDERATION_HEADING, renderFederation } from './report-federation.js';
import { n } from './report-targets.js';
import { load } from './testing/load-result.js';

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
    // 1000 / 15.8 ms; cores × 1000 / (15.8 + 13.4) ms.
    expect(row('| … what that CPU per activity allows')).toContain('63/s per core');
    expect(row('| … what that CPU per activity allows')).toContain(
      `at most ${n((os.availableParallelism() * 1000) / 29.2)}/s`,
    );
    expect(row('| End to end')).toContain('4.2/s');
    expect(row('| Fan-out')).toContain('**1,750** / 1,800 ms');
    expect(row('| Fan-out')).toContain('p95 ≤ 5 s ✅');
  });
});
