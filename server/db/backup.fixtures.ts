import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { databaseUrl } from '../testing/database-url.js';

/**
 * What the backup-*.test.ts files share: a folder for their backup files, empty databases to
 * restore into (dropped when the file is done), and, for those that back up a live app's
 * database, the app. `setUpBackupScratch()` at the top of a test file sets them up for its tests;
 * `t` and `dir` are set by its beforeAll.
 */

/** The app on its own database; only with `setUpBackupScratch({ app: true })`. */
export let t: TestApp;
/** A temporary folder for the test file's backup files. */
export let dir: string;
const created: string[] = [];

export function setUpBackupScratch(options: { app?: boolean } = {}): void {
  beforeAll(async () => {
    if (options.app) t = await createTestApp({ RATE_LIMITS: 'false' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-backup-'));
  });

  afterAll(async () => {
    if (options.app) await t.close();
    await rm(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: inject('databaseAdminUrl') });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
}

export async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `swapmarket_test_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // From template0: nothing a site may have added to template1 (PostgreSQL's default).
  await admin.query(`create database ${name} template template0`);
  await admin.end();
  created.push(name);
  return databaseUrl(adminUrl, name);
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A row-by-row fingerprint of a table: its count and the digest of its sorted rows. */
export async function fingerprint(client: pg.ClientBase, table: { schema: string; name: string }) {
  const name = `"${table.schema}"."${table.name}"`;
  const { rows } = await client.query(
    `select count(*)::int as n,
            md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as digest
     from ${name} x`,
  );
  return rows[0] as { n: number; digest: string };
}
