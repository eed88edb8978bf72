import { existsSync } from 'node:fs';
import { lstat, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dir, emptyDatabase, setUpBackupScratch } from './backup.fixtures.js';
import { BackupError, backupToFile, restoreFromFile } from './backup.js';
import { runMigrations } from './migrate.js';

setUpBackupScratch();

/**
 * Issue 36 §7: the backup writes FILE.partial and renames it. It creates FILE.partial itself,
 * exclusively, and never through a link: a second backup to the same FILE, a stale FILE.partial
 * or a planted symbolic link make it stop with a message, and what is there stays as it was.
 */
describe('FILE.partial', () => {
  let source: string;

  beforeAll(async () => {
    source = await emptyDatabase();
    await runMigrations(source);
  }, 60_000);

  it('lets one backup to a FILE run at a time; the second stops and leaves the first intact', async () => {
    const file = path.join(dir, 'one-at-a-time.snapshot');
    let second: unknown;
    const first = await backupToFile(source, file, {
      format: 'builtin',
      async onSnapshot() {
        // The first backup holds FILE.partial open here, its tables not yet written.
        second = await backupToFile(source, file, { format: 'builtin' }).catch((e) => e);
      },
    });
    expect(second).toBeInstanceOf(BackupError);
    expect((second as Error).message).toMatch(
      /one-at-a-time\.snapshot\.partial already exists: another backup to .* is running, or one was interrupted.*delete .*one-at-a-time\.snapshot\.partial/,
    );
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect((await stat(file)).size).toBe(first.bytes);
    // The first backup's file is whole: it restores, every count checked.
    const restored = await restoreFromFile(await emptyDatabase(), file);
    expect(restored.manifest?.tables.length).toBe(first.manifest?.tables.length);
  }, 60_000);

  it('removes its own FILE.partial when it fails, so the next backup can run', async () => {
    const file = path.join(dir, 'failed.snapshot');
    await expect(
      backupToFile(source, file, {
        format: 'builtin',
        async onSnapshot() {
          throw new Error('the disk is full');
        },
      }),
    ).rejects.toThrow('the disk is full');
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(existsSync(file)).toBe(false);
    await backupToFile(source, file, { format: 'builtin' });
    expect(existsSync(file)).toBe(true);
  }, 60_000);

  it('stops at a stale FILE.partial, and goes ahead once the operator deleted it', async () => {
    const file = path.join(dir, 'stale.snapshot');
    await writeFile(`${file}.partial`, 'left by a backup that was killed');
    await expect(backupToFile(source, file, { format: 'builtin' })).rejects.toThrow(
      /stale\.snapshot\.partial already exists/,
    );
    expect(await readFile(`${file}.partial`, 'utf8')).toBe('left by a backup that was killed');
    expect(existsSync(file)).toBe(false);
    await rm(`${file}.partial`);
    await backupToFile(source, file, { format: 'builtin' });
    expect(existsSync(file)).toBe(true);
  }, 60_000);

  it('never writes through a symbolic link planted at FILE.partial', async () => {
    const file = path.join(dir, 'linked.snapshot');
    const victim = path.join(dir, 'victim.txt');
    await writeFile(victim, 'keep me');
    await symlink(victim, `${file}.partial`);
    const dangling = path.join(dir, 'dangling.snapshot');
    const elsewhere = path.join(dir, 'created-through-a-link');
    await symlink(elsewhere, `${dangling}.partial`);
    for (const [target, pointsAt] of [
      [file, victim],
      [dangling, elsewhere],
    ] as const) {
      await expect(backupToFile(source, target, { format: 'builtin' })).rejects.toThrow(
        /\.partial already exists \(a symbolic link, which a backup never follows\)/,
      );
      // The link is left for the operator to look at; the file it points at is untouched.
      expect((await lstat(`${target}.partial`)).isSymbolicLink()).toBe(true);
      expect(await readlink(`${target}.partial`)).toBe(pointsAt);
      expect(existsSync(target)).toBe(false);
    }
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    expect(existsSync(elsewhere)).toBe(false);
  }, 60_000);
});
