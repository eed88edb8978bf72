import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../db/client.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { correctWords } from './spelling.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerMember(t.app)).cookie;
});
afterAll(() => t.close());

const create = async (title: string, overrides: Record<string, unknown> = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie },
    payload: {
      title,
      description: 'Collected from a smoke-free home.',
      categoryId: 8,
      condition: 'good',
      isOpenToOffers: true,
      images: [],
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().id as number;
};

const search = async (text: string, extra = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/items?search=${encodeURIComponent(text)}${extra}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ id: number; title: string }>).map((i) => i.id);
};

describe('typo tolerance in search', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.telescope = await create('Brass telescope');
    ids.guitar = await create('Acoustic guitar', { categoryId: 5 });
    ids.bicycle = await create('Road bicycle', { categoryId: 6 });
    // The typo as the seller wrote it, in the description (titles make the vocabulary).
    ids.bycicleBell = await create('Brass bell', {
      description: 'A bell for a bycicle, as the box spells it.',
    });
    ids.kettle = await create('Copper kettle');
  });

  it.each([
    ['telescpoe', 'telescope'],
    ['guitr', 'guitar'],
    ['bycicle', 'bicycle'],
    ['Telescpoe', 'telescope'],
    ['acoustic guitr', 'guitar'],
  ])('finds %s', async (typed, listing) => {
    expect(await search(typed)).toContain(ids[listing]);
  });

  it('ranks a listing that matches the words as typed before corrected ones', async () => {
    const found = await search('bycicle');
    expect(found[0]).toBe(ids.bycicleBell);
    expect(found).toContain(ids.bicycle);
    expect(await search('bicycle')).toEqual([ids.bicycle]);
  });

  it('keeps a prefix as typed, and corrects nothing into everything', async () => {
    expect(await search('tele')).toEqual([ids.telescope]);
    expect(await search('zzzzzzzz')).toEqual([]);
    // Three letters are left alone: too many words are one edit away.
    expect(await search('kat')).toEqual([]);
  });

  it('pages through exact matches, then corrected ones, without repeats', async () => {
    const first = await search('bycicle', '&limit=1');
    const second = await search('bycicle', '&limit=1&offset=1');
    const third = await search('bycicle', '&limit=1&offset=2');
    expect([...first, ...second]).toEqual([ids.bycicleBell, ids.bicycle]);
    expect(third).toEqual([]);
  });

  it('keeps filters on corrected matches', async () => {
    expect(await search('guitr', '&categoryId=5')).toEqual([ids.guitar]);
    expect(await search('guitr', '&categoryId=6')).toEqual([]);
  });

  it('corrects in one round trip, its trigram threshold left behind on no connection', async () => {
    const db = createDatabase(t.databaseUrl, { error: () => {} }, { max: 1 });
    try {
      // This database's one connection only: other pools of the process (the test app's jobs and
      // event bus) query meanwhile and must not count.
      const client = await db.$client.connect();
      client.release();
      const sent = vi.spyOn(client, 'query');
      expect(await correctWords(db, ['brass', 'telescpoe'])).toEqual(['brass', 'telescope']);
      // No explicit transaction (BEGIN, the setting, the query, COMMIT): one message sent.
      expect(sent).toHaveBeenCalledTimes(1);
      sent.mockRestore();
      const [row] = (await db.$client.query('show pg_trgm.similarity_threshold')).rows;
      expect(row).toEqual({ 'pg_trgm.similarity_threshold': '0.3' });
    } finally {
      await db.$client.end();
    }
  });

  it('learns the words of new and edited titles', async () => {
    expect(await search('theodolyte')).toEqual([]);
    const id = await create('Surveyor theodolite');
    expect(await search('theodolyte')).toEqual([id]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/items/${ids.kettle}`,
      headers: { cookie },
      payload: {
        title: 'Copper samovar',
        description: 'Collected from a smoke-free home.',
        categoryId: 8,
        condition: 'good',
        isOpenToOffers: true,
        images: [],
      },
    });
    expect(await search('samovr')).toEqual([ids.kettle]);
    const words = await t.db.execute<{ word: string }>(
      sql`select word from search_terms where word in ('samovar', 'theodolite')`,
    );
    expect(words.rows.map((r) => r.word).sort()).toEqual(['samovar', 'theodolite']);
  });
});

describe('GET /api/items/facets', () => {
  let seller: string;
  beforeAll(async () => {
    seller = (await registerMember(t.app)).cookie;
    const make = (title: string, categoryId: number, condition: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { cookie: seller },
        payload: {
          title,
          description: 'Facet fixture.',
          categoryId,
          condition,
          isOpenToOffers: true,
          images: [],
        },
      });
    await make('Folding easel', 2, 'good');
    await make('Oak easel', 2, 'fair');
    await make('Studio easel', 3, 'good');
    await make('Hidden easel', 3, 'new');
  });

  const facets = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/items/facets?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      total: number;
      categories: Array<{ id: number; name: string; count: number }>;
      conditions: Array<{ condition: string; count: number }>;
    };
  };
  const counts = (list: Array<{ count: number } & Record<string, unknown>>, key: string) =>
    Object.fromEntries(list.map((row) => [row[key], row.count]));

  it('counts the listings a search finds per category and per condition', async () => {
    const hidden = await t.db.execute<{ id: number }>(
      sql`update items set is_active = false where title = 'Hidden easel' returning id`,
    );
    expect(hidden.rows).toHaveLength(1);
    const body = await facets('search=easel');
    expect(body.total).toBe(3);
    expect(counts(body.categories, 'id')).toEqual({ 2: 2, 3: 1 });
    expect(body.categories[0]).toMatchObject({ id: 2, count: 2, name: expect.any(String) });
    expect(counts(body.conditions, 'condition')).toEqual({ good: 2, fair: 1 });
  });

  it("leaves the query's own category out of category counts, and its condition out of condition counts", async () => {
    const body = await facets('search=easel&categoryId=2&condition=good');
    expect(body.total).toBe(1);
    expect(counts(body.categories, 'id')).toEqual({ 2: 1, 3: 1 });
    expect(counts(body.conditions, 'condition')).toEqual({ good: 1, fair: 1 });
  });

  it('counts corrected typos as the list shows them, and nothing for punctuation', async () => {
    expect((await facets('search=easle')).total).toBe(3);
    expect(await facets('search=%21%21')).toEqual({ total: 0, categories: [], conditions: [] });
  });

  it('counts browse without a search, the same as the list holds', async () => {
    const body = await facets('');
    const list = await t.app.inject({ method: 'GET', url: '/api/items?limit=100' });
    expect(body.total).toBe(list.json().length);
  });
});
