import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  killAll,
  runScript,
  startServer,
  stopLeftoverDatabase,
} from './testing/process.js';

/**
 * The real process, as `npm start` runs it: embedded PostgreSQL in DATA_DIR, killed with
 * SIGKILL mid-write, restarted, and stopped with SIGTERM. These run without DATABASE_URL.
 */

let dataDir: string;
let port: number;
const url = (p: string) => `http://127.0.0.1:${port}${p}`;
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
  killAll();
  await stopLeftoverDatabase(dataDir);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start on bad configuration, naming the variable', async () => {
    const bad = runScript('server/main.ts', { dataDir, port, env: { PORT: 'eighty' } });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  });

  it('loses no acknowledged registration when killed with SIGKILL mid-write', async () => {
    const first = await startServer({ dataDir, port, env: { RATE_LIMITS: 'true' } });
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
    const second = await startServer({ dataDir, port });
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
    const admin = runScript('scripts/make-admin.ts', { dataDir, port, args: [promoted.email] });
    expect(await admin.exited, admin.output()).toBe(0);
    const login = await postJson('/api/login', {
      email: promoted.email,
      password: promoted.password,
    });
    expect((await login.json()).isAdmin).toBe(true);
    const unknown = runScript('scripts/make-admin.ts', {
      dataDir,
      port,
      args: ['nobody@example.com'],
    });
    expect(await unknown.exited).toBe(1);

    // SIGTERM: in-flight work finishes, then the app and its database stop.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});
