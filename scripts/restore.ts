/**
 * Restores a backup made by `npm run backup` into an empty database: `npm run restore -- FILE`.
 * The target is DATABASE_URL (a freshly created database) or the embedded database of an empty
 * DATA_DIR. Refuses a target that has tables. Only rows come from the file, into the schema this
 * code's migrations build (no SQL from the file runs, server/db/backup.ts), and every users and
 * sessions row must be one SwapMarket writes. Afterwards the schema is migrated up to this code,
 * and every member the list of erasures (ERASURES_FILE, default DATA_DIR/erasures.jsonl) names
 * is erased again: the snapshot may predate their erasure (issue 40 §1).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import type { Config } from '../server/config.js';
import { RestoreError, restoreFromFile } from '../server/db/backup.js';
import type { Database } from '../server/db/client.js';
import { runMigrations } from '../server/db/migrate.js';
import { readErasures } from '../server/features/account/erasure-list.js';
import { createLogger } from '../server/logger.js';
import { resolveSessionSecret } from '../server/secrets.js';
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
  async (db, config, url) => {
    try {
      const result = await restoreFromFile(url, source);
      await runMigrations(url);
      const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
      const what =
        result.format === 'pg_dump'
          ? `pg_dump's custom format: the rows of ${result.tables.length} tables, ${rows} rows, into SwapMarket's own schema`
          : `${result.tables.length} tables, ${rows} rows, every count checked`;
      console.info(`Restored ${source} (${what}) in ${(result.ms / 1000).toFixed(1)} s.`);
      const erased = await eraseListedMembers(db, config);
      console.info(
        erased.listed
          ? `Erased again ${erased.again} of the ${erased.listed} members ${config.erasuresFile} lists as erased (the others were erased in this backup, or are not in it).`
          : `No erasures listed in ${config.erasuresFile}: if members erased their accounts after this backup was taken, give the list with ERASURES_FILE and restore again (or start the app with it: it erases them again before serving).`,
      );
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

/**
 * The app, built on the restored database and made ready, erases again every member the list of
 * erasures names (features/account/account.feature.ts), through the same services as any
 * erasure; then it is closed. How many the list names, and how many were back.
 */
async function eraseListedMembers(db: Database, config: Config) {
  const listed = (await readErasures(config.erasuresFile)).size;
  if (listed === 0) return { listed, again: 0 };
  const erased = async () =>
    Number(
      (
        await db.execute<{ n: string }>(
          sql`select count(*) as n from users where erased_at is not null`,
        )
      ).rows[0]?.n ?? 0,
    );
  const before = await erased();
  config.sessionSecret = await resolveSessionSecret(config.sessionSecret, config.dataDir);
  const app = await buildApp({ config, db, logger: createLogger('warn') });
  await app.ready();
  await app.close();
  return { listed, again: (await erased()) - before };
}
