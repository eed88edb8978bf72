/**
 * Where the capped solver's time goes: one run of the bench's capped case (2,000 items, 130,000
 * wants, loops of at most 3), printing the solver's per-phase stats and the run's wall and CPU
 * time. `npx tsx scripts/bench/solver-profile.ts [maxCycle] [timeLimitMs]`.
 */
import { generateWantLists } from '../../server/features/rounds/solver/generate-want-lists.js';
import { solveTrade } from '../../server/features/rounds/solver/solve.js';

const maxCycle = Number(process.argv[2] ?? 3);
const timeLimitMs = Number(process.argv[3] ?? 30_000);
await solveTrade(generateWantLists({ items: 200, wants: 4_000, seed: 7 }), { maxCycle: 3 });
const input = generateWantLists({ items: 2_000, wants: 130_000, seed: 2026 });
const started = performance.now();
const c0 = process.cpuUsage();
const result = await solveTrade(input, { seed: 1, timeLimitMs, maxCycle });
function cpuMs({ user, system }: NodeJS.CpuUsage): number {
  return Math.round((user + system) / 1000);
}

console.info(
  JSON.stringify({
    ms: Math.round(performance.now() - started),
    cpuMs: cpuMs(process.cpuUsage(c0)),
    optimal: result.optimal,
    totals: {
      items: result.totals.itemsTraded,
      members: result.totals.membersTrading,
      cost: result.totals.totalCost,
    },
    bound: result.bound,
    stats: result.stats,
  }),
);
