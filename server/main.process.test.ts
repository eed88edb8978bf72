import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

/**
 * The real process, as `npm start` runs it: embedded PostgreSQL in DATA_DIR, killed with
 * SIGKILL mid-write, restarted, and stopped with SIGTERM. These run without DATABASE_URL.
 */

let dataDir: string;
let port: number;
const children = new Set<ChildProcess>();

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(script: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

const url = (p: string) => `http://127.0.0.1:${port}${p}`;

async function startServer() {
  const server = run('server/main.ts');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(url('/readyz'))).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready in 60 s:\n${server.output()}`);
}

const postJson = (p: string, body: unknown) =>
  fetch(url(p), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-process-'));
  port = await freePort();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  // Stop a database a failed test may have left behind.
  const { startEmbeddedPostgres } = await import('./db/embedded-postgres.js');
  if (existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))) {
    const pg = await startEmbeddedPostgres({ dataDir, log: { info: () => {}, warn: () => {} } });
    await pg.stop();
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start on bad configuration, naming the variable', async () => {
    const bad = run('server/main.ts', [], { PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  });

  it('loses no acknowledged registration when killed with SIGKILL mid-write', async () => {
    const first = await startServer();
    const categories = await (await fetch(url('/api/categories'))).json();
    expect(categories).toHaveLength(10);

    const accounts = Array.from({ length: 20 }, (_, i) => ({
      firstName: 'Crash',
      lastName: 'Test',
      nickname: `crash${i}`,
      email: `crash${i}@example.com`,
      password: `password-${i}`,
      agreeToTerms: true,
    }));
    let answered = 0;
    const results = accounts.map((account) =>
      postJson('/api/register', account).then(
        (response) => {
          answered += 1;
          if (answered === 3) first.child.kill('SIGKILL');
          return response.status;
        },
        () => 0,
      ),
    );
    const statuses = await Promise.all(results);
    await first.exited;
    const acknowledged = accounts.filter((_, i) => statuses[i] === 201);
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);

    // The database the killed process left running is adopted (or restarted) by the next one.
    const second = await startServer();
    for (const account of acknowledged) {
      const response = await postJson('/api/login', {
        email: account.email,
        password: account.password,
      });
      expect(response.status, account.email).toBe(200);
    }

    // make-admin promotes an account while the app runs, sharing its database.
    const promoted = acknowledged[0];
    if (!promoted) throw new Error('nothing acknowledged');
    const admin = run('scripts/make-admin.ts', [promoted.email]);
    expect(await admin.exited, admin.output()).toBe(0);
    const login = await postJson('/api/login', {
      email: promoted.email,
      password: promoted.password,
    });
    expect((await login.json()).isAdmin).toBe(true);
    const unknown = run('scripts/make-admin.ts', ['nobody@example.com']);
    expect(await unknown.exited).toBe(1);

    // SIGTERM: in-flight work finishes, then the app and its database stop.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});
