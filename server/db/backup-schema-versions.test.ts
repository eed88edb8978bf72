import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../features/auth/password.js';
import { migrationsDir } from '../paths.js';
import { connect, dir, emptyDatabase, setUpBackupScratch, t } from './backup.fixtures.js';
import { backupToFile, restoreFromFile } from './backup.js';
import { runMigrations, shippedMigrations } from './migrate.js';

/**
 * A snapshot carries the migrations it was taken at: a restore rebuilds that schema and no more,
 * the migrations since bring it up to date, and a snapshot of a newer SwapMarket is refused.
 */

setUpBackupScratch({ app: true });

/** A migrations folder with only the first `count` migrations: the code as it was back then. */
async function olderMigrations(count: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-old-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(
    await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  );
  journal.entries = journal.entries.slice(0, count);
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as Array<{ tag: string }>) {
    await copyFile(
      path.join(migrationsDir, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

describe('schema versions', () => {
  const shipped = shippedMigrations().length;
  const migrationCount = async (url: string) => {
    const client = await connect(url);
    try {
      return (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations'))
        .rows[0].n as number;
    } finally {
      await client.end();
    }
  };

  it('rebuilds the schema of an older snapshot, then the migrations since bring it up to date', async () => {
    const older = await olderMigrations(shipped - 2);
    const source = await emptyDatabase();
    await runMigrations(source, older);
    const client = await connect(source);
    await client.query(
      `insert into users (id, email, password, first_name, last_name, nickname)
       values ('old-timer', 'old@example.com', $1, 'Old', 'Timer', 'oldtimer')`,
      [await hashPassword('old-timer-pass')],
    );
    await client.end();
    const file = path.join(dir, 'older.snapshot');
    await backupToFile(source, file, { format: 'builtin' });

    const target = await emptyDatabase();
    await restoreFromFile(target, file);
    // Exactly the snapshot's schema: the two newer migrations have not run yet.
    expect(await migrationCount(target)).toBe(shipped - 2);
    await runMigrations(target);
    expect(await migrationCount(target)).toBe(shipped);
    const restored = await connect(target);
    try {
      const { rows } = await restored.query(`select nickname from users where id = 'old-timer'`);
      expect(rows).toEqual([{ nickname: 'oldtimer' }]);
    } finally {
      await restored.end();
    }
    await rm(older, { recursive: true, force: true });
  }, 60_000);

  it('never hands out an id again, not even one whose row was deleted before the backup', async () => {
    const source = await emptyDatabase();
    await runMigrations(source);
    const client = await connect(source);
    await client.query(
      `insert into site_visits (path) select '/' || g from generate_series(1, 5) g`,
    );
    await client.query('delete from site_visits where id > 3');
    await client.end();
    const file = path.join(dir, 'deleted.snapshot');
    await backupToFile(source, file, { format: 'builtin' });
    const target = await emptyDatabase();
    await restoreFromFile(target, file);
    const restored = await connect(target);
    try {
      const { rows } = await restored.query(
        `insert into site_visits (path) values ('/after') returning id::int`,
      );
      expect(rows[0].id).toBe(6);
    } finally {
      await restored.end();
    }
  }, 60_000);

  it('refuses a snapshot made by a newer SwapMarket than this one', async () => {
    const file = path.join(dir, 'newer.snapshot');
    await backupToFile(t.databaseUrl, file, { format: 'builtin' });
    const older = await olderMigrations(shipped - 1);
    const target = await emptyDatabase();
    await expect(restoreFromFile(target, file, { migrationsFolder: older })).rejects.toThrow(
      /a migration .* that this version of SwapMarket does not ship/,
    );
    await rm(older, { recursive: true, force: true });
  }, 60_000);
});
