import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../server/db/client.js';
import * as schema from '../../server/db/schema/index.js';

type Captured = { sql: string; params: unknown[] };

/**
 * The SQL the app runs for a call, captured from the query builder itself, and PostgreSQL's
 * plan for it with real timings (EXPLAIN ANALYZE).
 */
export function createExplainer(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let captured: Captured[] = [];
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Database;

  return {
    db,
    async explain(
      run: (db: Database) => Promise<unknown>,
      pick: (sql: string) => boolean = () => true,
    ) {
      captured = [];
      await run(db);
      const query = captured.filter((c) => pick(c.sql)).at(-1);
      if (!query) throw new Error('no query captured');
      const plan = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params);
      const lines = plan.rows.map((row) => row['QUERY PLAN'] as string);
      const executionMs = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? NaN);
      return { sql: query.sql, plan: lines, executionMs };
    },
    close: () => pool.end(),
  };
}
