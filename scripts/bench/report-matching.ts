import os from 'node:os';
import { MATCHING_TARGETS, type matchingFigures } from './matching.js';
import { mark, n } from './report-targets.js';

export type MatchingResults = Awaited<ReturnType<typeof matchingFigures>> & {
  date: string;
  graph: Record<string, number | string>;
  plans?: Record<string, { executionMs: number; plan: string[] }>;
};

export const MATCHING_HEADING = '## Matching (issue 15)';

/** The matching section: its own heading, so a matching-only run can replace it in place. */
export function renderMatching(m: MatchingResults): string {
  const g = m.graph;
  const pct = (share: number) => `${n(share * 100, 1)} %`;
  const ratio = m.market.shareWithCircles / m.market.shareByPairs;
  const out = [
    MATCHING_HEADING,
    '',
    `Measured on ${m.date.slice(0, 10)} in the same way (\`BENCH_ONLY=matching npm run bench\` runs this part alone), the machine's 1-minute load average at ${n(m.loadAverage, 1)} on ${os.availableParallelism()} cores as the load run started (other work shares it). Want graph built from scratch on the data set above: ${n(Number(g.listings))} listings on the market, ${n(Number(g.phrases))} wanted-items phrases, ${n(Number(g.namedWants))} named wants, **${n(Number(g.edges))} edges** (${n(Number(g.listedEdges))} named, ${n(Number(g.textEdges))} from text; ${g.edgesSize} with indexes).`,
    '',
    '| Figure | Measured | Target |',
    '|---|---:|---|',
    ...(m.single
      ? [
          `| \`GET /api/matches\`, one request at a time (a member opening /matches), same member: p50 / **p95** / p99 | ${n(m.single.p50, 1)} / **${n(m.single.p95, 1)}** / ${n(m.single.p99, 1)} ms (${n(m.single.rps)} req/s) | p95 ≤ ${MATCHING_TARGETS.matchesP95Ms} ms ${mark(m.single.p95 <= MATCHING_TARGETS.matchesP95Ms)} |`,
        ]
      : []),
    `| \`GET /api/matches\` at 10 connections, bench member with ${g.benchMemberListings} listings (answer: ${m.answerSizes.wanted} wanted, ${m.answerSizes.mutual} mutual, ${m.answerSizes.circles} circles, ${n(m.answerSizes.bytes / 1024, 1)} KB): p50 / **p95** / p99 | ${n(m.load.p50, 1)} / **${n(m.load.p95, 1)}** / ${n(m.load.p99, 1)} ms (${n(m.load.rps)} req/s, ${m.load.failures} failed) | p95 ≤ ${MATCHING_TARGETS.matchesP95Ms} ms ${mark(m.load.p95 <= MATCHING_TARGETS.matchesP95Ms)} under load (the issue names no concurrency; one request at a time is the row above) |`,
    `| A new listing's graph upkeep (its phrases ranked, the phrases it enters, its edges, who to tell), median of ${m.newListing.count} | **${n(m.newListing.medianMs, 1)} ms** (p95 ${n(m.newListing.p95Ms, 1)}, max ${n(m.newListing.maxMs, 1)}; ${m.newListing.medianEdges} edges each) | ≤ ${MATCHING_TARGETS.newListingMs} ms ${mark(m.newListing.medianMs <= MATCHING_TARGETS.newListingMs)} |`,
    `| Worst single change: the listing that fills the most phrases (${n(m.busiest.phrases)}) leaves the market, each phrase takes its next match | ${n(m.busiest.ms)} ms (${n(m.busiest.edges)} edges changed) | — |`,
    `| Synthetic market (${n(m.market.members)} members, ${n(m.market.listings)} listings, ${n(m.market.edges)} wants with popularity skew): listings that can trade by mutual pairs only | ${pct(m.market.shareByPairs)} (${n(m.market.pairTrades)} pairs of ${n(m.market.mutualPairs)} found) | — |`,
    `| … with 3-way circles added (disjoint, greedy) | **${pct(m.market.shareWithCircles)}** (${n(m.market.circleTrades)} circles of ${n(m.market.threeCycles)} found), **${n(ratio, 1)}×** | ≥ ${MATCHING_TARGETS.circlesVsPairs}× ${mark(ratio >= MATCHING_TARGETS.circlesVsPairs)} |`,
  ];
  if (m.plans) {
    out.push('', '| Matches query (EXPLAIN ANALYZE) | ms | Plan (top node) |', '|---|---:|---|');
    for (const [key, plan] of Object.entries(m.plans))
      out.push(
        `| ${key} | ${n(plan.executionMs, 2)} | \`${(plan.plan[0] ?? '').replace(/\s+\(cost=.*$/, '').trim()}\` |`,
      );
  }
  return `${out.join('\n')}\n`;
}
