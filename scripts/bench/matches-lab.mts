// Development aid: GET /api/matches for the bench member through the whole app (fastify inject,
// in process) at 10 concurrent requests for 5 s, plus where one request's time goes:
// `npx tsx scripts/bench/matches-lab.mts` (after a bench run has built the want graph).
import os from 'node:os';
import { benchDataset } from './dataset.js';
import { injectLoad, inProcessApp } from './in-process.js';
import { BENCH_MEMBER } from './seed.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const dataset = await benchDataset(() => {});
const { app, config, close } = await inProcessApp(dataset.url, { RATE_LIMITS: 'false' });
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
await close();
await dataset.stop();
