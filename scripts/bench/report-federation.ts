import os from 'node:os';
import type { FederationResults } from './federation.js';
import { mark, n, TARGETS } from './report-targets.js';

export const FEDERATION_HEADING = '## Federation (issue 37)';

const pct = (share: number) => `${n(share * 100, 1)} %`;

/**
 * The federation section: liquidity of a market split over instances, hot reads with remote
 * listings against the static floor, inbound activities a second, and fan-out to 50 followers.
 */
export function renderFederation(f: FederationResults): string {
  const { liquidity, hotReads, inbound, fanOut } = f;
  const seconds = f.partSeconds;
  const split = (label: string, l: NonNullable<typeof liquidity.dataset>) => [
    `| ${label} (${n(l.members)} members, ${n(l.listings)} listings, ${n(l.edges)} wants) | ${n(l.instanceListings[0] ?? 0)}–${n(l.instanceListings.at(-1) ?? 0)} | ${pct(l.isolated.inPairOrCircle)} (pairs alone ${pct(l.isolated.inPair)}) | **${pct(l.federated.inPairOrCircle)}** (pairs alone ${pct(l.federated.inPair)}) | **${n(l.federated.inPairOrCircle / l.isolated.inPairOrCircle, 1)}×** |`,
    ...(l.canTrade
      ? [
          `| … the share that can trade at once (disjoint, greedy: pairs, then circles; the matching section's measure) | | ${pct(l.canTrade.isolated)} | ${pct(l.canTrade.federated)} | ${n(l.canTrade.federated / l.canTrade.isolated, 1)}× |`,
        ]
      : []),
  ];
  const { straight, held } = inbound;
  const cpu = held.cpuMsPerActivity;
  const cores = os.availableParallelism();
  // What the CPU per activity allows, whatever the machine's other work: per core of the app
  // server alone (PostgreSQL elsewhere), and on this machine with PostgreSQL beside it.
  const ceilings =
    cpu?.postgres === undefined
      ? []
      : [
          `| … what that CPU per activity allows (worked out from it, not measured): ${n(1000 / cpu.receiver)}/s per core of the app server's (PostgreSQL on other cores); on these ${cores} cores, app server and PostgreSQL together, at most ${n((cores * 1000) / (cpu.receiver + cpu.postgres))}/s | — | — |`,
        ];
  const out = [
    FEDERATION_HEADING,
    '',
    `Measured on ${f.date.slice(0, 10)} (\`BENCH_ONLY=federation npm run bench\` runs this part alone, on the bench data set; parts took ${seconds.liquidity} s, ${seconds.hotReads} s, ${seconds.inbound} s and ${seconds.fanOut} s), on ${os.availableParallelism()} cores shared with other work: each figure carries the machine's 1-minute load average as it ran.`,
    '',
    `**Liquidity.** Members dealt at random to ${liquidity.instances} instances (each member's listings on their instance). Alone, an instance sees only the wants between its own listings; federated, every want. The share of listings in at least one mutual pair or 3-circle (owners distinct), computed in memory from the want edges (scripts/bench/liquidity.ts):`,
    '',
    '| Market | Listings per instance | Each instance alone | Federated | Federated ÷ alone |',
    '|---|---:|---:|---:|---:|',
    ...split('Synthetic market of the matching section', liquidity.synthetic),
    ...(liquidity.dataset
      ? split("The bench data set's want graph (named and text wants)", liquidity.dataset)
      : []),
    '',
    `**Hot reads with ${n(hotReads.remote.listings)} remote listings** (scripts/bench/remote-listings.ts: ${hotReads.remote.instances} followed instances, ${n(hotReads.remote.members)} of their members, rows as the federation code stores them, ages interleaved with the local listings; browse page 1 showed ${hotReads.remoteOnFirstPage} of them among its 24). Same paths, same load generator and the same static floor as the API table, captured again with the remote rows in place; ${hotReads.secondsPerRun} s per run after 2 s of warm-up; the remote rows are taken out again afterwards:`,
    '',
    '| Endpoint | Conns | App req/s | Static floor req/s | × static (≥ 0.5) | App p50 / p99 ms | Static p99 | Load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...hotReads.rows.map((row) => {
      const ratio = row.ours.rps / row.static.rps;
      return `| ${row.label} | ${row.connections} | ${n(row.ours.rps)} | ${n(row.static.rps)} | ${n(ratio, 2)} ${mark(ratio >= TARGETS.ratioToStatic)} | ${row.ours.p50} / ${row.ours.p99} | ${row.static.p99} | ${n(row.load, 2)} |`;
    }),
    '',
    `**Between instances.** Production app servers, each on a database of its own, on loopback (\`FEDERATION_ALLOW_PRIVATE=true\`, \`FEDERATION_APPROVAL=auto\`, abuse limits off as in the whole bench: with them on, one instance may deliver 600 activities a minute to another). The receiver's admin follows the sender; the sender's listings are written in SQL (no photos: a photo is fetched and re-encoded once per source, which these figures leave out) and published by enqueueing each one's publish job, as a listing change does.`,
    '',
    '| Figure | Measured | Goal |',
    '|---|---:|---|',
    `| **Inbound activities one app server applies**: ${n(held.activities)} \`Create\`s held back at the receiver as they arrived (a trigger of the bench's on its jobs table), then released together, until it held every listing | **${n(held.perSecond, 1)}/s** (${n(held.activities)} in ${n(held.seconds, 1)} s; CPU per activity: app server ${cpu ? n(cpu.receiver, 1) : '—'} ms, PostgreSQL ${cpu?.postgres === undefined ? '—' : n(cpu.postgres, 1)} ms; load ${n(held.loadAverage, 1)}) | ≥ ${TARGETS.inboundPerSecond}/s ${mark(held.perSecond >= TARGETS.inboundPerSecond)} |`,
    ...ceilings,
    `| End to end, one sender to one receiver: ${n(straight.activities)} listings published at once, until the receiver held them all | ${n(straight.perSecond, 1)}/s (${n(straight.activities)} in ${n(straight.seconds, 1)} s; at most ${straight.maxBacklog} waiting at the receiver at once; the sender put ${n(straight.deliveriesPutBack)} deliveries back for 2 s, having 2 under way to that instance; load ${n(straight.loadAverage, 1)}) | — |`,
    `| Fan-out: a listing created through the sender's API reaching ${fanOut.followers} follower instances (simulated inboxes on loopback answering 202), ${fanOut.listings} listings one after another: p50 / **p95** / max from the POST to each arrival | ${n(fanOut.p50Ms)} / **${n(fanOut.p95Ms)}** / ${n(fanOut.maxMs)} ms${fanOut.missing ? ` (${fanOut.missing} arrivals missing after 30 s)` : ''}; load ${n(fanOut.loadAverage, 1)} | p95 ≤ ${n(TARGETS.fanOutP95Ms / 1000)} s ${mark(fanOut.p95Ms <= TARGETS.fanOutP95Ms && fanOut.missing === 0)} |`,
    '',
  ];
  return out.join('\n');
}
