import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

type Log = { error: (obj: object, msg: string) => void };

export function createDatabase(url: string, log: Log, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // Without a listener, an idle client's error (e.g. the server restarting) kills the process.
  pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL pool error'));
  return drizzle(pool, { schema, casing: 'snake_case' });
}

/**
 * Ends the pool, waiting at most `withinMs` for the connections in use to come back: a query
 * that never ends (a connection lost mid-statement, a task left running past shutdown) would
 * otherwise hold a shutdown forever. Returns what was still out when it gave up, else null; the
 * caller says so and goes on (PostgreSQL ends those sessions when the process or database goes).
 */
export async function closeDatabase(
  db: Database,
  withinMs = 15_000,
): Promise<{ inUse: number; waiting: number } | null> {
  const pool = db.$client;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), withinMs);
  });
  const outcome = await Promise.race([pool.end().then(() => 'ended' as const), late]);
  clearTimeout(timer);
  return outcome === 'ended'
    ? null
    : { inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount };
}

/** A transaction handed to `db.transaction`'s callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a write may run: the pool, or the transaction of the change it belongs to. */
export type Executor = Database | Transaction;
