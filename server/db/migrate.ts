import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.js';

/** Arbitrary, fixed: serialises migrations when several app servers start at once. */
const MIGRATION_LOCK_ID = 7_241_993;

export async function runMigrations(url: string, folder = migrationsDir): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

export type MigrationEntry = { tag: string; when: number };

/** The migrations this code ships, oldest first (drizzle-kit's journal). */
export function shippedMigrations(folder = migrationsDir): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: MigrationEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export type MigrationState =
  /** Every migration this code ships has run (a newer server may have run more). */
  { state: 'done'; latest: string } | { state: 'pending'; latest: string | null; expected: string };

/**
 * Whether the database has every migration this code ships. Drizzle records each applied
 * migration with its journal timestamp and applies those newer than the latest it recorded.
 */
export async function migrationState(
  query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
  shipped: MigrationEntry[] = shippedMigrations(),
): Promise<MigrationState> {
  const expected = shipped.at(-1);
  const { rows } = await query(
    'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
  ).catch((error: { code?: string }) => {
    // No migrations table (42P01) or schema (3F000): nothing has run yet.
    if (error.code === '42P01' || error.code === '3F000') return { rows: [] };
    throw error;
  });
  const latestWhen =
    rows[0]?.latest === null || rows[0]?.latest === undefined ? null : Number(rows[0].latest);
  const latest =
    latestWhen === null ? null : (shipped.findLast((m) => m.when <= latestWhen)?.tag ?? null);
  if (!expected || (latestWhen !== null && latestWhen >= expected.when)) {
    return { state: 'done', latest: latest ?? expected?.tag ?? '' };
  }
  return { state: 'pending', latest, expected: expected.tag };
}
