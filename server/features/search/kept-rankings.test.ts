import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/seeded-random.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { createDatabase } from '../../db/client.js';
import { createLogger } from '../../logger.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { metricValues } from '../../testing/kept-state.js';

/**
 * Kept rankings (decision 005) answer every search page and its facets exactly as PostgreSQL
 * ranking every match would, whatever changed the listings and however: the reference is a
 * second app server on the same database that keeps none.
 */
let t: TestApp;
let reference: FastifyInstance;
const owners: string[] = [];

/** Another app server on t's database, with these settings. */
async function serverWith(config: Partial<Config>): Promise<FastifyInstance> {
  const db = createDatabase(t.databaseUrl, { error: () => {} }, { max: 3 });
  const app = await buildApp({
    config: { ...t.config, ...config },
    db,
    logger: createLogger('silent'),
  });
  app.addHook('onClose', () => db.$client.end());
  await app.ready();
  return app;
}

const WORDS = ['vintage', 'brass', 'lamp', 'telescope', 'teleport', 'chair', 'oak', 'guitar'];
const CONDITIONS = ['new', 'like-new', 'good', 'fair'];

/** A seeded generator's picks, so a failure can be replayed. */
function random(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const words = (n: number) =>
    Array.from({ length: 1 + Math.floor(next() * n) }, () => pick(WORDS)).join(' ');
  return { next, pick, words };
}

async function insertListings(rand: ReturnType<typeof random>, count: number) {
  for (let i = 0; i < count; i++) {
    await t.db.execute(sql`
      insert into items (title, description, wanted_items, category_id, condition, user_id, created_at)
      values (${rand.words(3)}, ${rand.words(6)}, ${rand.next() < 0.3 ? rand.words(2) : null},
              ${rand.next() < 0.1 ? null : 2 + Math.floor(rand.next() * 4)}, ${rand.pick(CONDITIONS)},
              ${rand.pick(owners)}, now() - ${`${Math.floor(rand.next() * 5)} days`}::interval)`);
  }
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

/** Words, a prefix, two words, web syntax, no match, and typos the title vocabulary corrects. */
const QUERIES = [
  'vintage',
  'tele',
  'brass lamp',
  'oak chair',
  '"brass lamp"',
  'lamp -oak',
  'zzz',
  'telescpoe',
  'guitr',
];

/** Every query, page and filter answered by both servers alike. */
async function expectSameAnswers(label: string) {
  for (const search of QUERIES) {
    for (const filter of ['', '&categoryId=3', '&categoryId=4&condition=good']) {
      for (const page of ['&limit=24', '&limit=7&offset=7']) {
        const url = `/api/items?search=${encodeURIComponent(search)}${filter}${page}`;
        const [ours, theirs] = await Promise.all([get(t.app, url), get(reference, url)]);
        expect(ours.statusCode, url).toBe(200);
        expect(ours.body, `${label}: ${url}`).toBe(theirs.body);
      }
      const facets = `/api/items/facets?search=${encodeURIComponent(search)}${filter}`;
      const [ours, theirs] = await Promise.all([get(t.app, facets), get(reference, facets)]);
      expect(ours.statusCode, facets).toBe(200);
      expect(ours.body, `${label}: ${facets}`).toBe(theirs.body);
    }
  }
}

const TOKEN = 'metrics-token-for-kept-rankings';

/** What a server's /metrics says of its rankings. */
const rankingFigures = (app: FastifyInstance) =>
  metricValues(app, TOKEN, {
    matches: /^swapmarket_search_ranking_matches (\d+)/m,
    whole: /^swapmarket_search_ranking_reads_total\{kind="whole"\} (\d+)/m,
    changes: /^swapmarket_search_ranking_reads_total\{kind="changes"\} (\d+)/m,
  });

const ids = async (app: FastifyInstance, search: string) =>
  ((await get(app, `/api/items?search=${search}&limit=100`)).json() as Array<{ id: number }>).map(
    (item) => item.id,
  );

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  reference = await serverWith({ searchRankingsMatches: 0 });
  for (let i = 0; i < 3; i++) owners.push((await registerMember(t.app)).user.id as string);
  await insertListings(random(1), 150);
  // Two listings spell it "guitr" as well, so its exact matches are also its correction's.
  for (const title of ['Guitar strap', 'Oak guitar stand'])
    await t.db.execute(
      sql`insert into items (title, description, condition, user_id) values (${title}, 'Fits any guitr', 'good', ${owners[2]})`,
    );
  // Titles saved through the app fill the vocabulary typos are corrected against; these are SQL.
  await t.db.execute(
    sql`insert into search_terms (word) select unnest(${`{${WORDS.join(',')}}`}::text[]) on conflict do nothing`,
  );
});
afterAll(async () => {
  await reference.close();
  await t.close();
});

describe('kept search rankings', () => {
  it('answer pages and facets as PostgreSQL does, through every kind of change made in SQL', async () => {
    await expectSameAnswers('at first');
    // Kept: the searches above made rankings on this server, none on the reference.
    const kept = await rankingFigures(t.app);
    expect(kept.matches).toBeGreaterThan(0);
    // Read whole once per query and correction (telescope, guitar); later, only the changes.
    expect(kept.whole).toBe(QUERIES.length + 2);
    expect(kept.changes).toBeGreaterThan(50);
    expect((await rankingFigures(reference)).whole).toBe(0);

    const rand = random(7);
    const someIds = async (n: number) =>
      (
        await t.db.execute<{ id: number }>(
          sql`select id from items order by md5(id::text || ${rand.next()}) limit ${n}`,
        )
      ).rows.map((row) => row.id);
    const changes: Array<[string, () => Promise<unknown>]> = [
      ['new listings', () => insertListings(rand, 5)],
      [
        'titles',
        async () => {
          for (const id of await someIds(8))
            await t.db.execute(sql`update items set title = ${rand.words(3)} where id = ${id}`);
        },
      ],
      [
        'descriptions and wants',
        async () => {
          for (const id of await someIds(8))
            await t.db.execute(
              sql`update items set description = ${rand.words(6)}, wanted_items = ${rand.words(2)} where id = ${id}`,
            );
        },
      ],
      [
        'categories and conditions',
        async () => {
          for (const id of await someIds(10))
            await t.db.execute(
              sql`update items set category_id = ${2 + Math.floor(rand.next() * 4)}, condition = ${rand.pick(CONDITIONS)} where id = ${id}`,
            );
        },
      ],
      [
        'ages',
        () =>
          t.db.execute(
            sql`update items set created_at = created_at - interval '1 hour' where id = any(${`{${[1, 2, 3, 40, 41].join(',')}}`}::int[])`,
          ),
      ],
      [
        'paused and back',
        async () => {
          const picked = await someIds(12);
          await t.db.execute(
            sql`update items set is_active = false where id = any(${`{${picked.join(',')}}`}::int[])`,
          );
          await expectSameAnswers('paused');
          await t.db.execute(
            sql`update items set is_active = true where id = any(${`{${picked.slice(6).join(',')}}`}::int[])`,
          );
        },
      ],
      [
        'removed',
        async () => {
          const [soft, hard] = [await someIds(4), await someIds(4)];
          await t.db.execute(
            sql`update items set deleted_at = now() where id = any(${`{${soft.join(',')}}`}::int[])`,
          );
          await t.db.execute(
            sql`delete from items where id = any(${`{${hard.join(',')}}`}::int[]) and deleted_at is null`,
          );
        },
      ],
      [
        'an owner suspended',
        () => t.db.execute(sql`update users set suspended_at = now() where id = ${owners[0]}`),
      ],
      [
        'and reinstated',
        () => t.db.execute(sql`update users set suspended_at = null where id = ${owners[0]}`),
      ],
      [
        'a listing given to another owner',
        async () => {
          await t.db.execute(sql`update users set suspended_at = now() where id = ${owners[1]}`);
          const [id] = await someIds(1);
          await t.db.execute(sql`update items set user_id = ${owners[1]} where id = ${id}`);
        },
      ],
      [
        'one statement changing many',
        () => t.db.execute(sql`update items set title = title || ' vintage' where id % 3 = 0`),
      ],
    ];
    for (const [label, change] of changes) {
      await change();
      await expectSameAnswers(label);
    }
  }, 120_000);

  it('keep a ranking between searches, and learn of changes only from the log', async () => {
    const before = await ids(t.app, 'kaleidoscope');
    // Made with the log's trigger off: a kept ranking cannot know of it, PostgreSQL does.
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('alter table items disable trigger items_changes_inserted');
      const made = await client.query(
        `insert into items (title, description, condition, user_id) values ('Kaleidoscope', 'A toy', 'good', $1) returning id`,
        [owners[2]],
      );
      await client.query('alter table items enable trigger items_changes_inserted');
      await client.query('commit');
      const hidden = made.rows[0].id as number;
      expect(await ids(reference, 'kaleidoscope')).toContain(hidden);
      expect(await ids(t.app, 'kaleidoscope')).toEqual(before);
      // Any logged change to it brings it in.
      await t.db.execute(sql`update items set title = 'Kaleidoscope, brass' where id = ${hidden}`);
      expect(await ids(t.app, 'kaleidoscope')).toContain(hidden);
    } finally {
      await client.end();
    }
  });

  it('see a change whose transaction began before a ranking was read and committed after', async () => {
    const late = new pg.Client({ connectionString: t.databaseUrl });
    await late.connect();
    try {
      await late.query('begin');
      // The transaction takes its id now, before the ranking's snapshot.
      const made = await late.query(
        `insert into items (title, description, condition, user_id) values ('Zoetrope', 'Spins', 'fair', $1) returning id`,
        [owners[2]],
      );
      const first = await ids(t.app, 'zoetrope');
      expect(first).not.toContain(made.rows[0].id);
      // Something newer commits first, so the late id lies below the next snapshot's xmax.
      await t.db.execute(sql`update items set title = 'Zoetrope' where id = ${first[0] ?? 1}`);
      await ids(t.app, 'zoetrope');
      await late.query('commit');
      expect(await ids(t.app, 'zoetrope')).toContain(made.rows[0].id);
      expect(await ids(t.app, 'zoetrope')).toEqual(await ids(reference, 'zoetrope'));
    } finally {
      await late.end();
    }
  });

  it('leave a search too large to keep to PostgreSQL, without ranking it whole each time', async () => {
    // 20 matches in all: a ranking may hold 5.
    const small = await serverWith({ searchRankingsMatches: 20 });
    try {
      for (const page of ['&limit=10&offset=3', '&limit=24']) {
        const url = `/api/items?search=vintage${page}`;
        expect((await get(small, url)).body).toBe((await get(reference, url)).body);
      }
      // Read once (stopping at the sixth match), then left to PostgreSQL for a while.
      expect(await rankingFigures(small)).toMatchObject({ matches: 0, whole: 1 });
      await get(small, '/api/items?search=zoetrope');
      expect((await rankingFigures(small)).matches).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });

  it('prune the log of changes older than ten minutes', async () => {
    await t.db.execute(
      sql`insert into item_changes (item_id, changed_at) values (1, now() - interval '11 minutes')`,
    );
    const fresh = await serverWith({});
    try {
      await get(fresh, '/api/items?search=brass');
      await expect
        .poll(async () => {
          const { rows } = await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from item_changes where changed_at < now() - interval '10 minutes'`,
          );
          return rows[0]?.n;
        })
        .toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
