import os from 'node:os';
import type { AdversarialRoundFigures } from './adversarial-round.js';
import { mark, n } from './report-targets.js';
import type { WantsRingFigures } from './wants-ring.js';

export type AvailabilityResults = {
  date: string;
  durationSeconds: number;
  round: AdversarialRoundFigures;
  ring: WantsRingFigures;
};

export const AVAILABILITY_HEADING = '## Availability (issue 36)';

const ms = (value: number) => `${n(value, 1)} ms`;
const spread = (p: { p50: number; p99: number; max: number; n: number }) =>
  `${ms(p.p50)} / **${ms(p.p99)}** / ${ms(p.max)} (${n(p.n)} requests)`;

/**
 * The availability section: the adversarial round's solve and /healthz while it solves, the
 * wants ring's PUT and another member's writes during it, each against the same requests idle.
 */
export function renderAvailability(a: AvailabilityResults): string {
  const { round, ring } = a;
  const result = round.result;
  const bound = (extra: number) => Math.max(2000, 0.25 * round.budgetMs) + extra;
  const withinBudget = round.solveMs <= bound(round.budgetMs);
  const loads = `${n(round.load[0], 1)} → ${n(round.load[1], 1)} while the round solved, ${n(ring.load[0], 1)} → ${n(ring.load[1], 1)} during the ring's PUT`;
  return [
    AVAILABILITY_HEADING,
    '',
    `Measured on ${a.date.slice(0, 10)} (\`BENCH_ONLY=availability npm run bench\` runs this part alone, ${n(a.durationSeconds)} s; \`npx tsx scripts/bench/adversarial-round.ts\` and \`…/wants-ring.ts\` run each alone), the machine's 1-minute load average ${loads}, on ${os.availableParallelism()} cores. Each on a fresh embedded PostgreSQL, the production app in the bench's process, probed over a real socket (the round) or through the app (the ring). Issue 36 set no figure beyond "stay fast"; its own measurements before the fixes are in the last column.`,
    '',
    '| Figure | Measured | Before issue 36 / goal |',
    '|---|---:|---|',
    `| Adversarial round: ${round.maze} listings in a maze behind a chain of ${round.chain}, loops of at most 20, budget ${n(round.budgetMs)} ms: "solve now" answered in | ${ms(round.acceptedMs)} | — |`,
    `| … solve, from the request to the results (${result ? `${result.itemsTraded} of ${result.items} listings traded, ${result.optimal ? 'proven optimal' : `not proven: at most ${result.itemsBound ?? '?'}`}` : 'no answer'}) | **${n(round.solveMs / 1000, 1)} s** (${n((round.solveMs / round.budgetMs) * 100)} % of the budget) | within the budget and the thread's stop (${n(bound(round.budgetMs) / 1000, 1)} s) ${mark(withinBudget)}; before: every request held for 16.6 s |`,
    `| \`GET /healthz\` while it solves (${round.probes} loops): p50 / **p99** / max | ${spread(round.healthzDuring)} | — |`,
    `| \`GET /healthz\`, same server idle: p50 / **p99** / max | ${spread(round.healthzIdle)} | — |`,
    `| **p99 while solving ÷ p99 idle** | **${n(round.healthzDuring.p99 / round.healthzIdle.p99, 2)}×** | — |`,
    `| Ring of wants: 3 members × ${ring.ring} listings, the PUT that closes ${n(ring.ring * ring.ring)} circles (graph upkeep ${ring.upkeepAfterCommit ? 'after the commit, by job' : 'inside the request'}): \`PUT /api/items/:id/wants\` answered in | **${ms(ring.putMs)}** | before: 17.3 s |`,
    `| … want graph caught up, from the PUT (${n(ring.rotations[0] ?? Number.NaN)} → ${n(ring.rotations[1] ?? Number.NaN)} circle rotations kept) | ${ms(ring.caughtUpMs)} | — |`,
    `| Another member's \`POST /api/items\` meanwhile (${ring.writers} loops): p50 / **p99** / max | ${spread(ring.postDuring)} | before: waited up to 17.2 s |`,
    `| The same \`POST /api/items\` idle: p50 / **p99** / max | ${spread(ring.postIdle)} | — |`,
    `| **p99 during the PUT ÷ p99 idle** | **${n(ring.postDuring.p99 / ring.postIdle.p99, 2)}×** | — |`,
    '',
  ].join('\n');
}
