import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.js';
import { type Config, loadConfig } from '../../server/config.js';
import { createDatabase, type Database } from '../../server/db/client.js';
import { connectDatabase } from '../../server/db/connect.js';
import { createLogger } from '../../server/logger.js';

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** p50, p99 and the maximum of some latencies (ms). */
export const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
};
export type Percentiles = ReturnType<typeof summary>;

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export type BenchMember = { id: string; cookie: string };

export type InProcessApp = {
  app: FastifyInstance;
  config: Config;
  db: Database;
  /** A request through the app that must succeed (2xx), or the part stops with its body. */
  inject: (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    path: string,
    cookie?: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  /** Registers member `n` (nicknames `<prefix><n>x<pid>`), signed in. */
  member: (n: number) => Promise<BenchMember>;
};

/**
 * The production app in this process on a fresh embedded PostgreSQL in a temporary folder, for a
 * part of the bench that sets up its own scene (`prefix` names the folder and the members);
 * everything is stopped and removed once `use` is done, whatever happens.
 */
export async function withInProcessApp<T>(
  prefix: string,
  env: Record<string, string | undefined>,
  use: (running: InProcessApp) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `swapmarket-bench-${prefix}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...env,
  });
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
  const { url, embedded } = await connectDatabase(config, quiet);
  const db = createDatabase(url, { error: () => {} }, { max: 10 });
  const app = await buildApp({ config, db, logger: createLogger('silent') });
  const inject: InProcessApp['inject'] = async (method, url, cookie, payload) => {
    const response = await app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response;
  };
  const member = async (n: number) => {
    const response = await inject('POST', '/api/register', undefined, {
      firstName: 'Bench',
      lastName: 'Member',
      nickname: `${prefix}${n}x${process.pid}`,
      email: `${prefix}-${process.pid}-${n}@example.com`,
      password: 'bench-password',
      agreeToTerms: true,
    });
    const cookie = response.cookies.find((c) => c.name === 'sm_sid');
    return { id: response.json().id as string, cookie: `sm_sid=${cookie?.value}` };
  };
  try {
    return await use({ app, config, db, inject, member });
  } finally {
    await app.close();
    await db.$client.end();
    if (embedded && !embedded.adopted) await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
