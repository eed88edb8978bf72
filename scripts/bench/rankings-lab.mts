// Development aid: common-word and prefix search and their facets through the whole app (fastify
// inject, in process) with the page cache off, PostgreSQL ranking every page against kept
// rankings (decision 005), quiet and with listings changing 100 times a second:
// `npx tsx scripts/bench/rankings-lab.mts` (on the bench's data set; BENCH_SCALE=10 for 1M).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../../server/db/client.js';
import { benchDataset } from './dataset.js';
import { injectLoad, inProcessApp } from './in-process.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const dataset = await benchDataset(() => {});
const paths = [
  ...['vintage', 'guitar', 'camera', 'collection only', 'tele', 'sew'].map(
    (t) => `/api/items?search=${encodeURIComponent(t)}&limit=24`,
  ),
  ...['vintage', 'tele'].map((t) => `/api/items/facets?search=${t}`),
];
const writer = createDatabase(dataset.url, { error: () => {} }, { max: 1 });

/** Changes a random listing's title (and so its words) every 10 ms until stopped. */
function keepChanging() {
  let running = true;
  const done = (async () => {
    while (running) {
      await writer.execute(
        sql`update items set title = title || ' vintage' where id = (select floor(random() * 100000)::int + 1)`,
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await done;
  };
}

for (const changing of [false, true]) {
  for (const rankings of ['0', '2000000']) {
    const { app, close } = await inProcessApp(dataset.url, {
      SEARCH_CACHE_MS: '0',
      SEARCH_RANKINGS_MATCHES: rankings,
    });
    for (const url of paths) await app.inject({ method: 'GET', url });
    const stop = changing ? keepChanging() : async () => {};
    const load = await injectLoad(app, paths, { concurrency: 50, seconds: 10 });
    await stop();
    say(
      `${rankings === '0' ? 'PostgreSQL ranks every page' : 'kept rankings'}${changing ? ', 100 changes/s' : ''}: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms (50 concurrent, 10 s, load ${os.loadavg()[0]?.toFixed(1)})`,
    );
    await close();
  }
}
await writer.$client.end();
await dataset.stop();
