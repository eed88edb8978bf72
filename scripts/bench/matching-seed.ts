/**
 * Wants for the bench data set (issue 15): wanted-items text on two listings in three, drawn
 * from the seed's nouns with a popularity skew (a few things are wanted by thousands, most by a
 * few), named wants on one listing in five, and ten more listings for the bench member so that
 * it has twenty. Then the want graph is built from scratch, as `npm run matching:rebuild` would.
 */
import pg from 'pg';
import { createDatabase } from '../../server/db/client.js';
import { rebuildGraph } from '../../server/features/matching/want-graph.js';
import { ADJECTIVES, NOUNS, SEED_SIZES, SENTENCES, WANTED } from './seed.js';

type Report = (line: string) => void;

/** The bench member's listings: twenty, half of them added here. */
export const BENCH_MEMBER_LISTINGS = 20;

async function timed(report: Report, label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  const result = await work();
  report(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/**
 * A noun index skewed towards the start of the list: u² of a uniform u in [0, 1). The first
 * nouns (bicycle, telescope, sewing machine…) are wanted by thousands.
 */
const skewedNoun = (seed: string) =>
  `($1::text[])[1 + floor(${NOUNS.length} * power(((${seed})::bigint * 2654435761 % 1000003) / 1000003.0, 2))::int]`;

export async function seedWants(url: string, report: Report) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await timed(report, 'wanted-items text', () =>
      q(
        `update items set wanted_items = case
           when is_open_to_offers then null
           when id % 5 = 0 then ($3::text[])[1 + id % array_length($3, 1)]
           when id % 7 = 0 then ($2::text[])[1 + (id * 5) % array_length($2, 1)] || ' ' || ${skewedNoun('id')}
           when id % 11 = 0 then ${skewedNoun('id')} || ', ' || ${skewedNoun('id + 17')}
           else ${skewedNoun('id')}
         end`,
        [NOUNS, ADJECTIVES, WANTED],
      ),
    );

    // Ten more listings for member 1: popular things, described in full, wanting popular things.
    const member = (await q(`select md5('member1')::uuid::text as id`)).rows[0].id as string;
    const owned = Number(
      (await q('select count(*)::int as n from items where user_id = $1 and is_active', [member]))
        .rows[0].n,
    );
    await q(
      `insert into items (title, description, category_id, condition, user_id, wanted_items, location, created_at, updated_at)
       select 'Lovely ' || ($1::text[])[1 + n % 20], 'A really good ' || ($1::text[])[1 + n % 20] || '. ' || ($2::text[])[1 + n % 16],
              2 + n % 10, 'good', $3, ($1::text[])[1 + (n + 3) % 20] || ', ' || ($1::text[])[1 + (n * 5 + 1) % 20],
              'London', now(), now()
         from generate_series(0, $4::int - 1) as n`,
      [NOUNS, SENTENCES, member, Math.max(0, BENCH_MEMBER_LISTINGS - owned)],
    );

    await timed(report, 'named wants', async () => {
      // One listing in five names three others, popular ones (low ids) far more often.
      await q(
        `insert into item_wants (item_id, wanted_item_id, position)
         select distinct on (w.id, t.id) w.id, t.id, k
           from items w
           cross join generate_series(1, 3) as k
           cross join lateral (select 1 + floor($1::int * power(((w.id * 31 + k * 7919)::bigint * 2654435761 % 1000003) / 1000003.0, 3))::int as id) pick
           join items t on t.id = pick.id and t.user_id <> w.user_id and t.is_active
          where w.id % 5 = 1 and w.is_active
         on conflict do nothing`,
        [SEED_SIZES.items],
      );
      // And some want the bench member's listings, so its circles run through named wants too.
      await q(
        `insert into item_wants (item_id, wanted_item_id, position)
         select w.id, m.id, 4
           from items m
           join items w on w.id % 997 = m.id % 997 and w.user_id <> m.user_id and w.is_active
          where m.user_id = $1 and w.id <= $2::int
         on conflict do nothing`,
        [member, SEED_SIZES.items],
      );
    });
  } finally {
    await client.end();
  }

  const db = createDatabase(url, { error: () => {} }, { max: 2 });
  try {
    const built = (await timed(report, 'want graph, rebuilt from scratch', () =>
      db.transaction((tx) => rebuildGraph(tx, (line) => report(`    ${line}`))),
    )) as Awaited<ReturnType<typeof rebuildGraph>>;
    await db.$client.query('vacuum analyze');
    return { ...built, ...(await graphCounts(url)) };
  } finally {
    await db.$client.end();
  }
}

/** The graph's size as the report shows it. */
export async function graphCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from matching_listings) as listings,
              (select count(*)::int from want_phrases) as phrases,
              (select count(*)::int from want_edges) as edges,
              (select count(*)::int from item_wants) as "namedWants",
              (select count(*)::int from want_edges where source = 'listed') as "listedEdges",
              (select count(*)::int from want_edges where source = 'text') as "textEdges",
              (select count(*)::int / 3 from want_cycles) as circles,
              pg_size_pretty(pg_total_relation_size('want_edges')) as "edgesSize",
              (select count(*)::int from items where user_id = md5('member1')::uuid::text and is_active) as "benchMemberListings"`,
    );
    return rows[0] as Record<string, number | string>;
  } finally {
    await client.end();
  }
}
