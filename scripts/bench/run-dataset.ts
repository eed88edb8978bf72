/**
 * The data set a run measures: the production build it runs on, the bench data set seeded (or
 * the last run's reused with BENCH_REUSE=1) and what it holds.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import type { freshDatabase } from './database.js';
import { graphCounts, seedWants } from './matching-seed.js';
import { API_ONLY, say } from './run-settings.js';
import { seed } from './seed.js';

type Database = Awaited<ReturnType<typeof freshDatabase>>;

/** `npm run build`: the server and client the run measures. */
export function buildProduction() {
  say('building the production server and client');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

/** The bench member and its conversation in a data set seeded by an earlier run. */
export async function seededIds(
  url: string,
): Promise<{ memberId: string; conversationId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select md5('member1')::uuid::text as "memberId",
              (select id from swap_requests where from_user_id = md5('member1')::uuid::text
                  or to_user_id = md5('member1')::uuid::text order by id limit 1) as "conversationId"`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * A full run's data set: the last run's when reused, else seeded now with its want graph (none
 * with BENCH_PARTS=api); the bench member, its conversation and the graph's counts.
 */
export async function seedOrReuse(database: Database) {
  let seeded: { memberId: string; conversationId: number };
  let graph: Record<string, number | string>;
  if (database.reused) {
    say(`reusing the data set of the last run (PostgreSQL ${database.version})`);
    seeded = await seededIds(database.url);
    graph = await graphCounts(database.url);
  } else {
    say(
      `seeding PostgreSQL ${database.version} (${database.embedded ? 'embedded' : 'DATABASE_URL'})`,
    );
    seeded = await seed(database.url, say);
    if (API_ONLY) graph = {};
    else {
      say('wants and the want graph');
      graph = await seedWants(database.url, say);
      say(`want graph: ${JSON.stringify(graph)}`);
    }
  }
  return { ...seeded, graph };
}

/** What the data set holds, and the other party of the bench member's conversation. */
export async function datasetCounts(url: string, memberId: string, conversationId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const result = await client.query(
    `select (select count(*) from users)::int as members, (select count(*) from items)::int as items,
            (select count(*) from swap_requests)::int as "swapRequests", (select count(*) from messages)::int as messages,
            (select count(*) from feedback)::int as feedback, (select count(*) from images)::int as images,
            pg_size_pretty(pg_database_size(current_database())) as size,
            (select u.email from swap_requests r join users u on u.id = case when r.from_user_id = $1 then r.to_user_id else r.from_user_id end where r.id = $2) as "otherParty"`,
    [memberId, conversationId],
  );
  await client.end();
  return result.rows[0];
}
