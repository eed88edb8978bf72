import type { Config } from '../config.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.js';
import { runMigrations } from './migrate.js';

type Log = { info: (msg: string) => void; warn: (msg: string) => void };

/**
 * The database the app uses: DATABASE_URL when set, else the embedded server in DATA_DIR/pg
 * (started, or adopted if a killed process left it running). Migrated before it is handed out,
 * unless `migrate` is false (backup must not change what it copies; restore needs it empty).
 */
export async function connectDatabase(
  config: Config,
  log: Log,
  options: { migrate?: boolean } = {},
): Promise<{ url: string; embedded: EmbeddedPostgres | undefined }> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  const url = config.databaseUrl ?? embedded?.url;
  if (!url) throw new Error('No database URL');
  if (options.migrate !== false) await runMigrations(url);
  return { url, embedded };
}
