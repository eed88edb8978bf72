import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

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
 * hot reads whose planning costs as much as their execution. The name is derived from the text,
 * so two different texts can never share one name.
 */
export async function queryPrepared<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(text).digest('base64url')}`;
  const result = await db.$client.query<Row>({ name, text, values: params });
  return result.rows;
}
