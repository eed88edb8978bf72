import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { LISTENER_NAME } from '../infra/notify-channel.js';

/** Tests of what app servers keep in memory (sessions, pages of offers) across two servers. */

/** The backends of the servers' listening connections on this test database. */
export async function listeners(db: Database): Promise<number[]> {
  const rows = await db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`,
  );
  return rows.rows.map((r) => r.pid);
}

/** Waits until `check` holds, polling every 10 ms; how long it took, or an error past `ms`. */
export async function until(
  check: () => Promise<boolean>,
  ms: number,
  what: string,
): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

/** The values /metrics gives the series each pattern's first group matches (NaN when none). */
export async function metricValues<K extends string>(
  app: FastifyInstance,
  token: string,
  patterns: Record<K, RegExp>,
): Promise<Record<K, number>> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  const values = {} as Record<K, number>;
  for (const [name, pattern] of Object.entries(patterns) as Array<[K, RegExp]>)
    values[name] = Number(response.body.match(pattern)?.[1]);
  return values;
}
