// Development aid: GET /api/matches for the bench member through the whole app (fastify inject,
// in process) at 10 concurrent requests for 5 s, plus where one request's time goes:
// `npx tsx scripts/bench/matches-lab.mts` (after a bench run has built the want graph).
import os from 'node:os';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDatabase } from '../../server/db/client.js';
import { createLogger } from '../../server/logger.js';
import { benchDataset } from './dataset.js';
import { BENCH_MEMBER } from './seed.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const dataset = await benchDataset(() => {});
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: os.tmpdir(),
  DATABASE_URL: dataset.url,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'false',
});
const db = createDatabase(dataset.url, { error: () => {} }, { max: 10 });
const app = await buildApp({ config, db, logger: createLogger('silent') });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  headers: { 'content-type': 'application/json', origin: config.publicUrl },
  payload: BENCH_MEMBER,
});
const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
const once = await app.inject({ method: 'GET', url: '/api/matches', headers: { cookie } });
if (once.statusCode !== 200) throw new Error(once.body);
say(`answer ${once.body.length} bytes, load average ${os.loadavg()[0]?.toFixed(1)}`);

for (const concurrency of [1, 10]) {
  const times: number[] = [];
  const until = Date.now() + 5000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: '/api/matches',
          headers: { cookie },
        });
        if (response.statusCode !== 200) throw new Error(response.body);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
  say(
    `${concurrency} concurrent: ${(times.length / 5).toFixed(0)} req/s, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
  );
}
await app.close();
await db.$client.end();
await dataset.stop();
