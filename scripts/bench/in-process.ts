import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDatabase } from '../../server/db/client.js';
import { createLogger } from '../../server/logger.js';

/**
 * The production app in this process on the bench's database, for the development labs: `env`
 * as the environment would set it. `close` ends the app and its pool.
 */
export async function inProcessApp(databaseUrl: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: os.tmpdir(),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = createDatabase(databaseUrl, { error: () => {} }, { max: 10 });
  const app = await buildApp({ config, db, logger: createLogger('silent') });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

/**
 * The development labs' load: `concurrency` loops sending GETs to the app in process (fastify
 * inject, paths in turn) for `seconds`; any answer but 200 stops the run. Latencies in ms.
 */
export async function injectLoad(
  app: FastifyInstance,
  paths: readonly string[],
  options: { concurrency: number; seconds: number; headers?: Record<string, string> },
) {
  const times: number[] = [];
  const until = Date.now() + options.seconds * 1000;
  let turn = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (Date.now() < until) {
        const url = paths[turn++ % paths.length] ?? '/';
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: options.headers });
        if (response.statusCode !== 200) throw new Error(response.body);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return {
    rps: times.length / options.seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}
