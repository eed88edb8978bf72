import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database, Executor } from './client.js';

const dialect = new PgDialect();

/**
 * A drizzle statement built (and `.prepare(name)`d) once per database handle: `build` runs on the
 * first call for each pool, every later call gets the same statement back.
 */
export function oncePerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * Runs a statement as a named prepared statement: each pooled connection parses and plans it
 * once (PostgreSQL then keeps a generic plan when it is no worse), instead of on every call. For
 * hot statements whose planning costs as much as their execution. The name is derived from the
 * text, so two different texts can never share one name. `db` may be a transaction: the
 * statement runs on its connection, in it.
 */
export async function queryPrepared<Row extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(text).digest('base64url')}`;
  const result = await clientOf(db).query<Row>({ name, text, values: params });
  return result.rows;
}

/** The pool of a database handle, or the connection a transaction holds (node-postgres's). */
function clientOf(db: Executor): Pick<pg.PoolClient, 'query'> {
  if ('$client' in db) return db.$client;
  const { client } = db._.session as unknown as { client?: Pick<pg.PoolClient, 'query'> };
  if (!client) throw new Error('queryPrepared: a transaction without its connection');
  return client;
}
