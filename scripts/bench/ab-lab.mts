// Development aid: two builds of the app on the bench database, measured in alternation with the
// static floor, so that both see the same machine (other sessions swing the load from 4 to 15
// within minutes and make before/after runs minutes apart incomparable).
//
//   npm run build && BENCH_AB_BASE=/tmp/base npx tsx scripts/bench/ab-lab.mts detail,search-typo
//
// BENCH_AB_BASE is a checkout of the older commit with its server built (`tsc -p
// tsconfig.server.json`, dist/client copied in). Ports: BENCH_PORT (4610) and the next two.
// Each round measures base, this build and the static floor for BENCH_SECONDS (5) after a 1 s
// warm-up; the report is the median over BENCH_ROUNDS (3) rounds, with each round's load average.
import os from 'node:os';
import { freshDatabase } from './database.js';
import { type Endpoint, type LoadResult, measure } from './load.js';
import { SEED_SIZES } from './seed.js';
import { captureAnswer, startApp, startStaticFloor } from './servers.js';

const base = process.env.BENCH_AB_BASE;
if (!base) throw new Error('BENCH_AB_BASE: the older build to compare with');
const PORT = Number(process.env.BENCH_PORT ?? 4610);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const wanted = (process.argv[2] ?? 'detail').split(',');

const items = (query: string) => `/api/items?${query}&limit=24`;
const all: Endpoint[] = [
  {
    key: 'browse',
    label: 'Browse, page 1',
    kind: 'browse',
    paths: [items('offset=0')],
    floor: true,
  },
  {
    key: 'category',
    label: 'Category filter',
    kind: 'browse',
    paths: Array.from({ length: 10 }, (_, i) => items(`categoryId=${i + 2}`)),
    floor: true,
  },
  {
    key: 'search-typo',
    label: 'Search, typos',
    kind: 'search',
    paths: ['telescpoe', 'guitr', 'bycicle'].map((t) => items(`search=${t}`)),
    floor: true,
  },
  {
    key: 'detail',
    label: 'Item detail (500 in turn)',
    kind: 'detail',
    paths: Array.from(
      { length: 500 },
      (_, i) => `/api/items/${1 + ((i * 7919) % SEED_SIZES.items)}`,
    ),
    floor: true,
  },
];
const endpoints = all.filter((e) => wanted.includes(e.key));
const say = (line: string) => console.info(`[ab] ${line}`);

const database = await freshDatabase(say, { reuse: true });
if (!database.reused) {
  await database.stop();
  throw new Error('no bench data set: run `npm run bench` once first');
}
// Whatever fails, the servers and the database started here are stopped.
const started: Array<{ stop: () => Promise<unknown> }> = [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
try {
  const ours = await startApp(database.url, PORT);
  started.push(ours);
  const theirs = await startApp(database.url, PORT + 1, base);
  started.push(theirs);
  const answers: Record<string, Awaited<ReturnType<typeof captureAnswer>>> = {};
  for (const endpoint of endpoints)
    for (const path of endpoint.paths) answers[path] = await captureAnswer(ours.url, path);
  const floor = await startStaticFloor(PORT + 2, answers);
  started.push(floor);
  for (const endpoint of endpoints) {
    for (const connections of CONNECTIONS) {
      const runs: Record<'base' | 'ours' | 'floor', LoadResult[]> = {
        base: [],
        ours: [],
        floor: [],
      };
      const loads: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, server] of [
          ['base', theirs],
          ['ours', ours],
          ['floor', floor],
        ] as const) {
          await measure(server.url, endpoint, connections, 1);
          runs[name].push(await measure(server.url, endpoint, connections, SECONDS));
        }
        loads.push(os.loadavg()[0] ?? 0);
      }
      const rps = (name: keyof typeof runs) => median(runs[name].map((r) => r.rps));
      const p99 = (name: keyof typeof runs) => median(runs[name].map((r) => r.p99));
      const ratio = (name: 'base' | 'ours') =>
        median(runs[name].map((r, i) => r.rps / (runs.floor[i]?.rps ?? 1)));
      const bad = [...runs.base, ...runs.ours].reduce((n, r) => n + r.non2xx + r.errors, 0);
      say(
        `${endpoint.label} @${connections}: base ${rps('base').toFixed(0)} req/s ` +
          `(×${ratio('base').toFixed(2)} static) p99 ${p99('base')} ms | ours ` +
          `${rps('ours').toFixed(0)} req/s (×${ratio('ours').toFixed(2)} static) p99 ${p99('ours')} ms` +
          ` | static ${rps('floor').toFixed(0)} req/s p99 ${p99('floor')} ms | load ` +
          `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` +
          (bad ? ` | ${bad} non-2xx or errors` : ''),
      );
    }
  }
} finally {
  for (const server of started) await server.stop();
  await database.stop();
}
