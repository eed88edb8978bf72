// Development aid: common-word search through the whole app (fastify inject, in process) at 50
// concurrent requests for 5 s, with the page cache off and on: `npx tsx scripts/bench/cache-lab.mts`.
import { benchDataset } from './dataset.js';
import { injectLoad, inProcessApp } from './in-process.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const dataset = await benchDataset(() => {});
const paths = ['vintage', 'guitar', 'camera', 'collection only'].map(
  (t) => `/api/items?search=${encodeURIComponent(t)}&limit=24`,
);
for (const cacheMs of ['0', '1000']) {
  const { app, close } = await inProcessApp(dataset.url, { SEARCH_CACHE_MS: cacheMs });
  const load = await injectLoad(app, paths, { concurrency: 50, seconds: 5 });
  say(
    `cache ${cacheMs} ms: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms (50 concurrent, 5 s)`,
  );
  await close();
}
await dataset.stop();
