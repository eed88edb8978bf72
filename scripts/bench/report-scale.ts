import type { LoadResult } from './load.js';
import { mark, n, TARGETS } from './report-targets.js';

export const SCALE_HEADING = '## Scale: 100k → 1M listings (issue 19 §5)';

type ScaleRow = {
  endpoint: string;
  connections: number;
  ours: LoadResult;
  floor?: LoadResult;
  static?: LoadResult;
  load?: number;
};

/** What writeScaleSection reads back from results.json and results-scale10.json. */
export type ScaleRun = {
  date: string;
  scale?: number;
  endpointsMeasured?: string[] | 'all';
  durationSeconds: number;
  database: { counts: Record<string, unknown> };
  load: ScaleRow[];
  plans: Record<string, { executionMs: number; plan: string[] }>;
};

/**
 * The same reads at scale 1 and scale 10, side by side: how each figure grows with ten times the
 * listings, members, offers and messages (goal: every read's p99 within 2× of its p99 at 100k).
 */
export function renderScale(base: ScaleRun, scaled: ScaleRun): string {
  const counts = (r: ScaleRun) =>
    `${n(Number(r.database.counts.items))} listings, ${n(Number(r.database.counts.members))} members, ${n(Number(r.database.counts.swapRequests))} offers, ${n(Number(r.database.counts.messages))} messages (${r.database.counts.size})`;
  const out = [
    SCALE_HEADING,
    '',
    `Scale 1 (${base.date.slice(0, 10)}, the full run above): ${counts(base)}. Scale 10 (\`BENCH_SCALE=10 BENCH_PARTS=api npm run bench\`, ${scaled.date.slice(0, 10)}, ${Math.round(scaled.durationSeconds / 60)} min): ${counts(scaled)}${scaled.endpointsMeasured && scaled.endpointsMeasured !== 'all' ? `; endpoints measured: ${scaled.endpointsMeasured.join(', ')}` : ''}. Same machine, same mix, same seconds per run; the loads are 1-minute load averages as each row ended (other sessions share the 2 cores), so compare ratios and growth rather than absolute figures.`,
    '',
    '| Endpoint | Conns | req/s 100k → 1M | p99 ms 100k → 1M | p99 growth (≤ 2×, reads) | × SQL floor 100k → 1M | × static 100k → 1M | Load 100k / 1M |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const ratio = (a?: LoadResult, b?: LoadResult) => (a && b ? n(a.rps / b.rps, 2) : '—');
  for (const row of scaled.load) {
    const before = base.load.find(
      (b) => b.endpoint === row.endpoint && b.connections === row.connections,
    );
    if (!before) continue;
    const growth = row.ours.p99 / Math.max(before.ours.p99, 1);
    const isRead = row.endpoint !== 'post-message';
    out.push(
      `| ${row.endpoint} | ${row.connections} | ${n(before.ours.rps)} → ${n(row.ours.rps)} | ${before.ours.p99} → ${row.ours.p99} | ${n(growth, 2)}×${isRead ? ` ${mark(growth <= TARGETS.p99Growth)}` : ''} | ${ratio(before.ours, before.floor)} → ${ratio(row.ours, row.floor)} | ${ratio(before.ours, before.static)} → ${ratio(row.ours, row.static)} | ${before.load === undefined ? '—' : n(before.load, 2)} / ${row.load === undefined ? '—' : n(row.load, 2)} |`,
    );
  }
  out.push(
    '',
    '| Query (EXPLAIN ANALYZE) | ms at 100k | ms at 1M | Growth | Plan at 1M (top nodes) |',
    '|---|---:|---:|---:|---|',
  );
  for (const [key, plan] of Object.entries(scaled.plans)) {
    const before = base.plans[key];
    const nodes = plan.plan
      .filter((line) => /Scan|Sort|Limit|Join|Nested Loop|Aggregate/.test(line))
      .slice(0, 4)
      .map((line) =>
        line
          .replace(/\s+\(cost=.*$/, '')
          .replace(/^[\s->]+/, '')
          .trim(),
      )
      .join(' → ');
    out.push(
      `| ${key} | ${before ? n(before.executionMs, 2) : '—'} | ${n(plan.executionMs, 2)} | ${before ? `${n(plan.executionMs / Math.max(before.executionMs, 0.01), 1)}×` : '—'} | \`${nodes}\` |`,
    );
  }
  return `${out.join('\n')}\n`;
}
