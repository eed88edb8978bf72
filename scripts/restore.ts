/**
 * Restores a backup made by `npm run backup` into an empty database: `npm run restore -- FILE`.
 * The target is DATABASE_URL (a freshly created database) or the embedded database of an empty
 * DATA_DIR. Refuses a target that has tables. Only rows come from the file, into the schema this
 * code's migrations build (no SQL from the file runs, server/db/backup.ts), and every users and
 * sessions row must be one SwapMarket writes. Afterwards the schema is migrated up to this code.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { RestoreError, restoreFromFile } from '../server/db/backup.js';
import { runMigrations } from '../server/db/migrate.js';
import { runWithDatabase } from './with-database.js';

const args = process.argv.slice(2);
const file = args[0];
if (!file || args.length !== 1 || file.startsWith('--')) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}

const source = path.resolve(file);
if (!existsSync(source)) {
  console.error(`No such file: ${source}`);
  process.exit(1);
}

runWithDatabase(
  async (_db, _config, url) => {
    try {
      const result = await restoreFromFile(url, source);
      await runMigrations(url);
      const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
      const what =
        result.format === 'pg_dump'
          ? `pg_dump's custom format: the rows of ${result.tables.length} tables, ${rows} rows, into SwapMarket's own schema`
          : `${result.tables.length} tables, ${rows} rows, every count checked`;
      console.info(`Restored ${source} (${what}) in ${(result.ms / 1000).toFixed(1)} s.`);
      return 0;
    } catch (error) {
      if (error instanceof RestoreError) {
        console.error((error as Error).message);
        return 1;
      }
      throw error;
    }
  },
  { migrate: false },
);
