// Development aid: GET /api/matches for the bench member through the whole app (fastify inject,
// in process) at 10 concurrent requests for 5 s, plus where one request's time goes:
// `npx tsx scripts/bench/matches-lab.mts` (after a bench run has built the want graph).
import os from 'node:os';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDatabase } from '../../server/db/client.js';
import { createLogger } from '../../server/logger.js';
import { benchDataset } from './dataset.js';
import { injectLoad } from './in-process.js';
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
  const load = await injectLoad(app, ['/api/matches'], {
    concurrency,
    seconds: 5,
    headers: { cookie },
  });
  say(
    `${concurrency} concurrent: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`,
  );
}
await app.close();
await db.$client.end();
await dataset.stop();
