import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../features/auth/password.js';
import { databaseUrl } from '../testing/database-url.js';
import { jpegDataUrl } from '../testing/images.js';
import {
  freePort,
  killAll,
  type RunningProcess,
  runScript,
  startServer,
  stopLeftoverDatabase,
} from '../testing/process.js';

/**
 * `npm run backup` and `npm run restore` as an operator runs them on the default install: the
 * embedded PostgreSQL, backed up while the app runs on it (the script adopts its server), and
 * restored into an empty DATA_DIR that a second app then starts on.
 */

let root: string;
const dataDirs: string[] = [];

async function newDataDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `swapmarket-${name}-`));
  dataDirs.push(dir);
  return dir;
}

async function signUp(base: string, nickname: string): Promise<string> {
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Back',
      lastName: 'Up',
      nickname,
      email: `${nickname}@example.com`,
      password: 'backup-pass',
      agreeToTerms: true,
    }),
  });
  if (response.status !== 201) throw new Error(await response.text());
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function listItem(base: string, cookie: string, title: string, image: string) {
  const response = await fetch(`${base}/api/items`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      description: `${title}, in good order`,
      categoryId: 7,
      condition: 'good',
      images: [image],
    }),
  });
  if (response.status !== 201) throw new Error(await response.text());
  return (await response.json()) as { id: number; images: string[] };
}

async function finish(script: RunningProcess): Promise<{ code: number | null; output: string }> {
  const code = await script.exited;
  return { code, output: script.output() };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-backup-process-'));
});

afterAll(async () => {
  killAll();
  for (const dir of dataDirs) {
    await stopLeftoverDatabase(dir);
    await rm(dir, { recursive: true, force: true });
  }
  await rm(root, { recursive: true, force: true });
});

describe('npm run backup / npm run restore on the embedded database', () => {
  it('backs up the running app and restores into an empty DATA_DIR that the app starts on', async () => {
    const source = await newDataDir('source');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer({ dataDir: source, port });
    const cookie = await signUp(base, 'keeper');
    const item = await listItem(base, cookie, 'Brass telescope', await jpegDataUrl(640, 480));
    const image = Buffer.from(await (await fetch(`${base}${item.images[0]}`)).arrayBuffer());
    const file = path.join(root, 'site.snapshot');

    const backup = await finish(
      runScript('scripts/backup.ts', { dataDir: source, port, args: [file] }),
    );
    expect(backup.output).toMatch(/Backed up to .*site\.snapshot/);
    expect(backup.code).toBe(0);
    expect(existsSync(`${file}.partial`)).toBe(false);
    // The app's database server is still the one it uses: the script adopted it, left it up.
    expect((await fetch(`${base}/readyz`)).ok).toBe(true);
    server.child.kill('SIGTERM');
    await server.exited;

    const target = await newDataDir('target');
    const targetPort = await freePort();
    const restore = await finish(
      runScript('scripts/restore.ts', { dataDir: target, port: targetPort, args: [file] }),
    );
    expect(restore.output).toMatch(/Restored .*every count checked/);
    expect(restore.code).toBe(0);

    const again = await finish(
      runScript('scripts/restore.ts', { dataDir: target, port: targetPort, args: [file] }),
    );
    expect(again.code).toBe(1);
    expect(again.output).toContain('The target database is not empty');

    const restored = await startServer({ dataDir: target, port: targetPort });
    const targetBase = `http://127.0.0.1:${targetPort}`;
    const served = await fetch(`${targetBase}/api/items/${item.id}`);
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ id: item.id, title: 'Brass telescope' });
    const bytes = Buffer.from(await (await fetch(`${targetBase}${item.images[0]}`)).arrayBuffer());
    expect(bytes.equals(image)).toBe(true);
    // The member signs in on the restored site.
    const login = await fetch(`${targetBase}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keeper@example.com', password: 'backup-pass' }),
    });
    expect(login.status).toBe(200);
    restored.child.kill('SIGTERM');
    await restored.exited;
  }, 180_000);

  it('works the same on DATABASE_URL', async () => {
    const adminUrl = inject('databaseAdminUrl');
    const [source, target] = [
      `swapmarket_test_src_${process.pid}`,
      `swapmarket_test_dst_${process.pid}`,
    ];
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${source} template ${inject('templateDatabase')}`);
      await admin.query(`create database ${target} template template0`);
      const sourceUrl = databaseUrl(adminUrl, source);
      const client = new pg.Client({ connectionString: sourceUrl });
      await client.connect();
      await client.query(
        `insert into users (id, email, password, nickname) values ('u-1', 'one@example.com', $1, 'one')`,
        [await hashPassword('one-password')],
      );
      await client.end();
      const file = path.join(root, 'url.snapshot');
      const dataDir = await newDataDir('url');
      const port = await freePort();
      // A FILE.partial left by a killed backup: the script stops and says how to clear it.
      await writeFile(`${file}.partial`, 'left behind');
      const stale = await finish(
        runScript('scripts/backup.ts', {
          dataDir,
          port,
          args: [file, '--builtin'],
          env: { DATABASE_URL: sourceUrl },
        }),
      );
      expect(stale.code, stale.output).toBe(1);
      expect(stale.output).toContain(`${file}.partial already exists`);
      expect(stale.output).toContain(`delete ${file}.partial and run the backup again`);
      expect(stale.output).not.toMatch(/\n\s+at /);
      await rm(`${file}.partial`);
      const backup = await finish(
        runScript('scripts/backup.ts', {
          dataDir,
          port,
          args: [file, '--builtin'],
          env: { DATABASE_URL: sourceUrl },
        }),
      );
      expect(backup.code, backup.output).toBe(0);
      const targetUrl = databaseUrl(adminUrl, target);
      const restore = await finish(
        runScript('scripts/restore.ts', {
          dataDir,
          port,
          args: [file],
          env: { DATABASE_URL: targetUrl },
        }),
      );
      expect(restore.code, restore.output).toBe(0);
      const restored = new pg.Client({ connectionString: targetUrl });
      await restored.connect();
      const { rows } = await restored.query(`select nickname from users where id = 'u-1'`);
      await restored.end();
      expect(rows).toEqual([{ nickname: 'one' }]);
      // Neither script started an embedded database for it.
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
    } finally {
      await admin.query(`drop database if exists ${source} with (force)`);
      await admin.query(`drop database if exists ${target} with (force)`);
      await admin.end();
    }
  }, 120_000);

  it('explains its usage and a missing file', async () => {
    const dataDir = await newDataDir('usage');
    const port = await freePort();
    const usage = await finish(runScript('scripts/backup.ts', { dataDir, port, args: [] }));
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run backup -- FILE');
    const missing = await finish(
      runScript('scripts/restore.ts', {
        dataDir,
        port,
        args: [path.join(root, 'no-such.snapshot')],
      }),
    );
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('No such file:');
    // Nothing was started for it.
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  }, 120_000);
});
