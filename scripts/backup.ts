/**
 * A consistent snapshot of the whole database, taken while the app runs:
 * `npm run backup -- FILE [--builtin]`. Works with DATABASE_URL or the embedded database
 * (adopted when the app is running). Uses pg_dump when one at least as new as the server is
 * installed, else the built-in format (server/db/snapshot.ts); `--builtin` forces the latter.
 * Written to FILE.partial, created exclusively, and renamed when complete: while FILE.partial
 * exists (another backup to FILE runs, or one was killed) it stops and says so.
 */
import path from 'node:path';
import { BackupError, backupToFile } from '../server/db/backup.js';
import { runWithDatabase } from './with-database.js';

const args = process.argv.slice(2);
const builtin = args.includes('--builtin');
const file = args.find((a) => !a.startsWith('--'));
if (!file || args.some((a) => a.startsWith('--') && a !== '--builtin')) {
  console.error('Usage: npm run backup -- FILE [--builtin]');
  process.exit(2);
}

runWithDatabase(
  async (_db, _config, url) => {
    const target = path.resolve(file);
    let result: Awaited<ReturnType<typeof backupToFile>>;
    try {
      result = await backupToFile(url, target, builtin ? { format: 'builtin' } : {});
    } catch (error) {
      if (error instanceof BackupError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
    const rows = result.manifest?.tables.reduce((sum, t) => sum + t.rows, 0);
    const what =
      result.format === 'pg_dump'
        ? "pg_dump's custom format"
        : `${result.manifest?.tables.length} tables, ${rows} rows`;
    console.info(
      `Backed up to ${target} (${what}; ${(result.bytes / 1e6).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s).`,
    );
    return 0;
  },
  { migrate: false },
);
