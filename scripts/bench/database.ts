import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { runMigrations } from '../../server/db/migrate.js';
import { databaseUrl } from '../../server/testing/database-url.js';

export const BENCH_DB = 'swapmarket_bench';

/**
 * A fresh, migrated database for the run: on DATABASE_URL's server when it is set (the bench
 * creates and drops its own database there), else on an embedded server in bench/.data.
 */
export async function freshDatabase(
  report: (line: string) => void,
  options: { reuse?: boolean } = {},
) {
  const log = { info: report, warn: report };
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.resolve('bench/.data'), log });
  const serverUrl = process.env.DATABASE_URL ?? embedded?.url;
  if (!serverUrl) throw new Error('no database');
  const admin = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await admin.connect();
  // BENCH_REUSE keeps the data set of the last run (seeding takes minutes): for iterating.
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount === 1;
  const reused = Boolean(options.reuse && exists);
  if (!reused) {
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
  }
  const version = (await admin.query('show server_version')).rows[0].server_version as string;
  await admin.end();
  const url = databaseUrl(serverUrl, BENCH_DB);
  await runMigrations(url);
  return { url, version, reused, embedded: embedded !== undefined, stop: () => embedded?.stop() };
}

/**
 * Another fresh, migrated database `name` on the server of `url` (the federation part's sender
 * and receiver instances, each on its own database); `drop` removes it.
 */
export async function sideDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const own = databaseUrl(url, name);
  await runMigrations(own);
  return {
    url: own,
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
