import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { closeDatabase, createDatabase, type Database } from '../db/client.js';
import { inboxThreads } from '../inbox-threads.js';
import type { LaneThreads } from '../infra/lane-threads.js';
import { createLogger } from '../logger.js';
import { createTestDatabase } from './database.js';
import { createResponseChecker } from './openapi.js';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  databaseUrl: string;
  config: Config;
  /** The inbox threads, when asked for. */
  lanes?: LaneThreads;
  close: () => Promise<void>;
};

/** How long a test app's close may take before its database is dropped regardless. */
const APP_CLOSE_MS = 90_000;

/** The real app on a fresh database; `env` overrides settings as the environment would. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** Threads that apply other instances' activities, as main.ts starts them (0: none). */
    inboxThreads?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-test-data-'));
  const testDb = await createTestDatabase();
  const configEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    // Every member a test registers is new (issue 40 §4): the limits of established accounts
    // apply unless a test sets the new ones (new-accounts.test.ts does).
    RATE_LIMIT_OFFERS_PER_HOUR_NEW: env.RATE_LIMIT_OFFERS_PER_HOUR ?? '30',
    RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES_NEW: env.RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES ?? '60',
    RATE_LIMIT_ROUND_ENTRIES_PER_DAY_NEW: '1000',
    ...env,
  };
  const config = loadConfig(configEnv);
  const lanes = options.inboxThreads
    ? inboxThreads({
        count: options.inboxThreads,
        databaseUrl: testDb.url,
        sessionSecret: configEnv.SESSION_SECRET,
        env: configEnv,
        log: createLogger(config.logLevel),
        execArgv: ['--import', 'tsx'],
      })
    : undefined;
  const app = await buildApp({
    config,
    db: testDb.db,
    logger: createLogger(config.logLevel),
    jobLanes: lanes?.mainLanes,
  });
  const mismatches = checkResponsesAgainstOpenApi(app);
  await app.ready();
  lanes?.start((queue) => app.jobs.wake(queue));
  return {
    app,
    db: testDb.db,
    databaseUrl: testDb.url,
    config,
    lanes,
    async close() {
      await lanes?.stop();
      // A close held up (a job or request that does not end) is said loudly with what is still
      // running, and the test database goes all the same: a test file's teardown never hangs.
      const closing = app.close().then(
        () => 'closed' as const,
        (error: unknown) => {
          console.error(`${config.siteName}: app.close() failed`, error);
          return 'failed' as const;
        },
      );
      const late = await Promise.race([closing, sleep(APP_CLOSE_MS).then(() => 'late' as const)]);
      if (late === 'late')
        console.error(
          `${config.siteName}: app.close() still running after ${APP_CLOSE_MS} ms`,
          app.jobs.inFlight(),
        );
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (mismatches.size) {
        throw new Error(
          `Responses that GET /api/openapi.json does not describe (fix the route's response schema):\n${[...mismatches].slice(0, 20).join('\n')}`,
        );
      }
    },
  };
}

/**
 * Every response the tests provoke is checked against the app's own OpenAPI document (status,
 * content type, and the JSON body against the response schema); the test file fails at close
 * when one does not match, so the document cannot drift from what the routes really send.
 */
export function checkResponsesAgainstOpenApi(app: FastifyInstance): Set<string> {
  const mismatches = new Set<string>();
  let check: ReturnType<typeof createResponseChecker> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    check ??= createResponseChecker(app.swagger() as Parameters<typeof createResponseChecker>[0]);
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    const problem = check({
      method: request.method,
      url: request.routeOptions.url,
      statusCode: reply.statusCode,
      contentType: reply.getHeader('content-type')?.toString(),
      body,
    });
    if (problem) mismatches.add(problem);
    return payload;
  });
  return mismatches;
}

/**
 * A second app server on the same database, with its own connection pool: what a deployment
 * behind a load balancer runs. Closing it leaves the database to the first.
 */
export async function createPeerApp(first: TestApp): Promise<FastifyInstance> {
  const db = createDatabase(first.databaseUrl, { error: () => {} }, { max: 5 });
  const app = await buildApp({ config: first.config, db, logger: createLogger('silent') });
  app.addHook('onClose', async () => {
    const left = await closeDatabase(db, 20_000);
    if (left) console.error('A peer app: connections still out at close', left);
  });
  await app.ready();
  return app;
}

/** Starts `app` on a free loopback port, for clients that need a real socket; returns its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/** `name=value` of the session cookie a response set, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sm_sid');
  if (!cookie) throw new Error(`No session cookie in a ${response.statusCode} response`);
  return `${cookie.name}=${cookie.value}`;
}

let sequence = 0;

export function memberInput(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const tag = `${process.pid}${sequence}${Math.floor(Math.random() * 1e6)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    nickname: `ada${tag}`,
    email: `ada${tag}@example.com`,
    password: 'analytical',
    agreeToTerms: true,
    ...overrides,
  };
}

/** Registers a member and returns the answer and the signed-in cookie. */
export async function registerMember(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const input = memberInput(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: input });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { input, user: response.json(), cookie: sessionCookie(response) };
}

export type Member = Awaited<ReturnType<typeof registerMember>>;

/** A request to `app` as `who` (their session cookie; none for null), with `payload` when given. */
export function requestAs(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: { cookie: string } | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
