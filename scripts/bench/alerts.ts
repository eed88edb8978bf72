/**
 * Want alerts at scale: 100,000 saved searches (seeded inside PostgreSQL the way the app
 * compiles them, checked against the app's own compiler on a sample), then the time to find a
 * new listing's alerts with the app's own query (server/features/alerts/standing-query.ts).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../server/db/client.js';
import * as schema from '../../server/db/schema/index.js';
import {
  compileStandingQuery,
  findAlertsForListing,
} from '../../server/features/alerts/standing-query.js';
import { ADJECTIVES, NOUNS, SEED_SIZES, TOWNS } from './seed.js';

export const ALERTS = 100_000;
/** Listings whose alerts are looked up, spread over the data set. */
const PROBES = 300;

export type AlertsResult = {
  alerts: number;
  probes: number;
  p50: number;
  p95: number;
  max: number;
  meanMatches: number;
  maxMatches: number;
  withPlace: number;
  sampleChecked: number;
  plan: string[];
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function benchAlerts(url: string, say: (line: string) => void): Promise<AlertsResult> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  try {
    const started = performance.now();
    // A reused data set (BENCH_REUSE) still holds the last run's alerts: start from none, so
    // every run measures the same 100,000.
    await pool.query('truncate saved_searches cascade');
    // Searches people keep: a thing ("telescope"), a kind of thing ("brass telescope"), or the
    // start of a word ("tele"); a third in a category, 60 % around a town, a few paused.
    await pool.query(
      `insert into saved_searches (user_id, search, category_id, near, latitude, longitude, radius_km,
                                   frequency, query, keys)
       select md5('member' || (1 + i % $1::int))::uuid::text, s.search,
              case when i % 3 = 0 then 2 + i % 10 end,
              case when i % 5 < 3 then t.name end, case when i % 5 < 3 then t.lat end,
              case when i % 5 < 3 then t.lon end,
              case when i % 5 < 3 then (array[10, 25, 50])[1 + i % 3] end,
              case when i % 20 = 0 then 'off' when i % 7 = 0 then 'daily' else 'instant' end,
              q.query,
              array(select distinct case when m[2] = ':*' then 'p:' else '' end || replace(m[1], '''''', '''')
                      from regexp_matches(querytree(q.query), '''((?:[^'']|'''')*)''(:\\*)?', 'g') as m)
         from generate_series(1, $2::int) as i
         cross join lateral (
           select case i % 4
                    when 0 then lower(($3::text[])[1 + (i * 7) % array_length($3, 1)]) || ' '
                                || ($4::text[])[1 + (i * 13) % array_length($4, 1)]
                    when 1 then left(($4::text[])[1 + (i * 31) % array_length($4, 1)], 4)
                    else ($4::text[])[1 + (i * 17) % array_length($4, 1)]
                  end as search) s
         cross join lateral (
           select array_to_string(
                    array(select w from regexp_split_to_table(lower(s.search), '[^a-z0-9]+') w where w <> ''),
                    ' & ') || ':*' as input) words
         cross join lateral (select to_tsquery('english', words.input) as query) q
         cross join lateral (
           select ($5::text[])[1 + i % array_length($5, 1)] as name,
                  ($6::float8[])[1 + i % array_length($6, 1)] as lat,
                  ($7::float8[])[1 + i % array_length($7, 1)] as lon) t`,
      [
        SEED_SIZES.members,
        ALERTS,
        ADJECTIVES,
        NOUNS,
        TOWNS.map((t) => t[0]),
        TOWNS.map((t) => t[1]),
        TOWNS.map((t) => t[2]),
      ],
    );
    await pool.query('vacuum analyze saved_searches');
    say(
      `  ${ALERTS.toLocaleString('en-GB')} alerts (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );

    // The seeded rows must be what the app itself would store for the same words.
    const sample = await pool.query<{ search: string; query: string; keys: string[] }>(
      'select search, query::text as query, keys from saved_searches order by id limit 200',
    );
    for (const row of sample.rows) {
      const compiled = await compileStandingQuery(db, row.search);
      if (
        compiled.query !== row.query ||
        [...compiled.keys].sort().join() !== [...row.keys].sort().join()
      )
        throw new Error(
          `seeded alert differs from the app's: ${JSON.stringify({ row, compiled })}`,
        );
    }
    const withPlace = Number(
      (await pool.query('select count(*) from saved_searches where latitude is not null')).rows[0]
        .count,
    );

    const probeIds = Array.from(
      { length: PROBES },
      (_, i) => 1 + ((i * 7919 + 17) % SEED_SIZES.items),
    );
    for (const id of probeIds.slice(0, 20)) await findAlertsForListing(db, id); // warm-up
    const times: number[] = [];
    const matches: number[] = [];
    for (const id of probeIds) {
      const t0 = performance.now();
      const found = await findAlertsForListing(db, id);
      times.push(performance.now() - t0);
      matches.push(found.length);
    }
    times.sort((a, b) => a - b);
    const busiest = probeIds[matches.indexOf(Math.max(...matches))] ?? 1;
    const captured: Array<{ sql: string; params: unknown[] }> = [];
    const logged = drizzle(pool, {
      schema,
      casing: 'snake_case',
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Database;
    await findAlertsForListing(logged, busiest);
    const query = captured.at(-1);
    const plan = query
      ? (await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params)).rows.map(
          (r) => r['QUERY PLAN'] as string,
        )
      : [];
    return {
      alerts: ALERTS,
      probes: PROBES,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1) ?? NaN,
      meanMatches: matches.reduce((a, b) => a + b, 0) / matches.length,
      maxMatches: Math.max(...matches),
      withPlace,
      sampleChecked: sample.rows.length,
      plan,
    };
  } finally {
    await pool.end();
  }
}
