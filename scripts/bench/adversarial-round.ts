/**
 * `npx tsx scripts/bench/adversarial-round.ts`: the adversarial swap round of issue 36 §1 against
 * the app, on a fresh embedded PostgreSQL in a temporary folder. A verified organiser and a second
 * account enter a maze of BENCH_MAZE listings (40) behind a chain of BENCH_CHAIN (22), loops of at
 * most 20, so every loop is longer than the cap and the loop enumeration has exponentially many
 * paths to walk (server/features/rounds/testing/adversarial-round.ts). Then "solve now", and
 * while the round is solving, BENCH_PROBES loops (4) ask GET /healthz over a real socket.
 *
 * Prints one run's figures: how long "solve now" took to answer, the solve's wall time from the
 * request to the results (and as a share of its budget), the answer (not proven, its bound), and
 * /healthz latency percentiles while it solved against the same server idle. ROUND_SOLVE_MS sets
 * the budget (the app's default, 20,000 ms, otherwise). `npm run bench` runs it too
 * (`adversarialRoundFigures`, in the availability part of run.ts).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/users.js';
import { adversarialRound } from '../../server/features/rounds/testing/adversarial-round.js';
import type { Round } from '../../shared/rounds.js';
import { ms, type Percentiles, summary, withInProcessApp } from './in-process-app.js';

const MAZE = Number(process.env.BENCH_MAZE ?? 40);
const CHAIN = Number(process.env.BENCH_CHAIN ?? 22);
const PROBES = Number(process.env.BENCH_PROBES ?? 4);
const IDLE_REQUESTS = 400;

export type AdversarialRoundFigures = {
  maze: number;
  chain: number;
  budgetMs: number;
  acceptedMs: number;
  solveMs: number;
  result: Round['result'] | undefined;
  healthzIdle: Percentiles;
  healthzDuring: Percentiles;
  probes: number;
  /** The machine's 1-minute load average before "solve now" and after the results. */
  load: [number, number];
};

/** One adversarial round, set up, solved and probed as the header says; its figures. */
export async function adversarialRoundFigures(): Promise<AdversarialRoundFigures> {
  return withInProcessApp(
    'round',
    { ROUND_SOLVE_MS: process.env.ROUND_SOLVE_MS },
    async ({ app, config, db, inject, member }) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

      const members = [await member(0), await member(1)] as const;
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, members[0].id));

      const round: Round = (
        await inject('POST', '/api/rounds', members[0].cookie, {
          title: 'Adversarial round',
          entriesCloseAt: new Date(Date.now() + 3600_000).toISOString(),
          wantsCloseAt: new Date(Date.now() + 7200_000).toISOString(),
          shippingDeadline: new Date(Date.now() + 86400_000).toISOString(),
          maxLoopLength: 20,
        })
      ).json();
      const plan = adversarialRound(MAZE, CHAIN);
      const entryIds: number[] = [];
      for (const [position, entry] of plan.entries()) {
        const owner = members[entry.owner];
        const item = await inject('POST', '/api/items', owner.cookie, {
          title: `Puzzle ${position}`,
          description: 'Bench listing',
          condition: 'good',
        });
        const added = await inject('POST', `/api/rounds/${round.id}/entries`, owner.cookie, {
          itemId: item.json().id,
        });
        entryIds.push(added.json().id);
      }
      await inject('PATCH', `/api/rounds/${round.id}`, members[0].cookie, {
        action: 'close-entries',
      });
      for (const [position, entry] of plan.entries()) {
        await inject(
          'PUT',
          `/api/rounds/${round.id}/entries/${entryIds[position]}/wants`,
          members[entry.owner].cookie,
          { wants: entry.wants.map((p) => entryIds[p]) },
        );
      }

      const probe = async () => {
        const started = performance.now();
        const response = await fetch(`${base}/healthz`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`/healthz: ${response.status}`);
        return performance.now() - started;
      };
      const idle: number[] = [];
      for (let k = 0; k < IDLE_REQUESTS; k++) idle.push(await probe());

      const loadBefore = loadavg()[0] ?? 0;
      const asked = performance.now();
      const accepted = await fetch(`${base}/api/rounds/${round.id}/solve`, {
        method: 'POST',
        headers: { cookie: members[0].cookie },
      });
      const acceptedMs = performance.now() - asked;
      if (accepted.status !== 202)
        throw new Error(`solve: ${accepted.status} ${await accepted.text()}`);
      let solving = true;
      let solvedAt = 0;
      const during: number[] = [];
      const watcher = (async () => {
        while (solving) {
          const view = (await inject('GET', `/api/rounds/${round.id}`)).json() as Round;
          if (view.phase !== 'solving') {
            solvedAt = performance.now();
            solving = false;
            return view;
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return undefined;
      })();
      await Promise.all(
        Array.from({ length: PROBES }, async () => {
          while (solving) during.push(await probe());
        }),
      );
      const solved = await watcher;
      const solveMs = solvedAt - asked;
      const loadAfter = loadavg()[0] ?? 0;

      return {
        maze: MAZE,
        chain: CHAIN,
        budgetMs: config.roundSolveMs,
        acceptedMs: Math.round(acceptedMs),
        solveMs: Math.round(solveMs),
        result: solved?.result,
        healthzIdle: summary(idle),
        healthzDuring: summary(during),
        probes: PROBES,
        load: [loadBefore, loadAfter],
      };
    },
  );
}

async function main(): Promise<void> {
  const figures = await adversarialRoundFigures();
  const { healthzIdle: a, healthzDuring: b, result } = figures;
  console.info(JSON.stringify(figures));
  const rows = [
    ['Entries (maze + chain), longest loop', `${figures.maze} + ${figures.chain}, 20`],
    ['Budget (ROUND_SOLVE_MS)', `${figures.budgetMs.toLocaleString('en-GB')} ms`],
    ['"Solve now" answered in', ms(figures.acceptedMs)],
    [
      'Solve, request to results',
      `${ms(figures.solveMs)} (${((figures.solveMs / figures.budgetMs) * 100).toFixed(0)} % of the budget)`,
    ],
    [
      'Answer',
      result
        ? `${result.itemsTraded} of ${result.items} listings, ${result.optimal ? 'proven optimal' : `not proven: at most ${result.itemsBound}`}, solver ${result.elapsedMs} ms`
        : 'none',
    ],
    ['/healthz idle: p50 / p99 / max', `${ms(a.p50)} / ${ms(a.p99)} / ${ms(a.max)} (n = ${a.n})`],
    [
      `/healthz while solving (${figures.probes} loops): p50 / p99 / max`,
      `${ms(b.p50)} / ${ms(b.p99)} / ${ms(b.max)} (n = ${b.n})`,
    ],
    ['p99 while solving / p99 idle', `${(b.p99 / a.p99).toFixed(2)}×`],
    [
      'Load average (1 min) before → after',
      `${figures.load[0].toFixed(1)} → ${figures.load[1].toFixed(1)}`,
    ],
  ];
  console.info(
    ['| Adversarial round | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n'),
  );
}

// Run as a script (`npx tsx scripts/bench/adversarial-round.ts`), not when run.ts imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
