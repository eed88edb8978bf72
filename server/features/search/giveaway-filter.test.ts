import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsQuerySchema } from '../../../shared/items.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { keptFilter, type SearchRequest } from './filters.js';
import { keptEngine } from './kept-engine.js';
import { createKeptRankings } from './kept-rankings.js';
import { searchFacets, searchListings } from './search.service.js';
import { sqlEngine } from './sql-engine.js';

/**
 * GET /api/items?mode=giveaway|swap (issue 38 §2): browse, search and facets keep to one mode.
 * Kept rankings keep each match's mode, so a search with words and a mode is answered in memory,
 * the same as PostgreSQL answers it.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let ann: Member;
const ids: Record<string, number> = {};

const list = async (key: string, title: string, mode: 'swap' | 'giveaway', categoryId = 4) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie: ann.cookie },
    payload: { title, description: 'Collect from Leeds', condition: 'good', categoryId, mode },
  });
  expect(response.statusCode, response.body).toBe(201);
  ids[key] = response.json().id;
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  ann = await registerMember(t.app);
  await list('freeLamp', 'Reading lamp', 'giveaway');
  await list('swapLamp', 'Desk lamp', 'swap');
  await list('freeBooks', 'Lamp repair books', 'giveaway', 5);
  await list('swapStool', 'Kitchen stool', 'swap');
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/items${query}` });
const idsOf = async (query: string) => {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ id: number; mode: string }>).map((item) => item.id);
};

describe('GET /api/items?mode=', () => {
  it('browses give-aways only, or swaps only, or both', async () => {
    expect(await idsOf('?mode=giveaway')).toEqual([ids.freeBooks, ids.freeLamp]);
    expect(await idsOf('?mode=swap')).toEqual([ids.swapStool, ids.swapLamp]);
    expect(await idsOf('')).toEqual([ids.swapStool, ids.freeBooks, ids.swapLamp, ids.freeLamp]);
    expect(await idsOf('?mode=giveaway&categoryId=4')).toEqual([ids.freeLamp]);
  });

  it('searches within a mode, and counts facets within it', async () => {
    expect((await idsOf('?search=lamp&mode=giveaway')).sort()).toEqual(
      [ids.freeLamp, ids.freeBooks].sort(),
    );
    expect(await idsOf('?search=lamp&mode=swap')).toEqual([ids.swapLamp]);
    const facets = (await get('/facets?search=lamp&mode=giveaway')).json();
    expect(facets.total).toBe(2);
    expect(facets.categories.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual(
      expect.arrayContaining([
        [4, 1],
        [5, 1],
      ]),
    );
  });

  it('refuses an unknown mode with a message', async () => {
    for (const query of ['?mode=free', '/facets?mode=auction', '?mode=']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringContaining('mode') });
    }
  });
});

describe('kept rankings', () => {
  const request = (query: Record<string, string>): SearchRequest => ({
    query: itemsQuerySchema.parse(query),
    viewerId: null,
  });

  it('answer a search with a mode in memory, as PostgreSQL does, and follow a change of mode', async () => {
    const asked = request({ search: 'lamp', mode: 'giveaway' });
    expect(keptFilter(asked)).toEqual({ mode: 'giveaway' });
    // Kept rankings alone: no next engine, so a query they could not answer would throw. An
    // engine serves one request (it reads each ranking once); the rankings outlive it.
    const rankings = createKeptRankings(10_000);
    const kept = () => [keptEngine(rankings)];
    const fromMemory = async (q: SearchRequest) =>
      (await searchListings(t.db, kept(), q, { corrections: false })).map((row) => row.item.id);
    const fromSql = async (q: SearchRequest) =>
      (await searchListings(t.db, [sqlEngine], q, { corrections: false })).map(
        (row) => row.item.id,
      );
    expect(await fromMemory(asked)).toEqual(await fromSql(asked));
    expect((await searchFacets(t.db, kept(), asked)).total).toBe(2);
    // The desk lamp is given away now: the kept ranking follows (item_changes watches the mode).
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${ids.swapLamp}`,
      headers: { cookie: ann.cookie },
      payload: {
        title: 'Desk lamp',
        description: 'Collect from Leeds',
        condition: 'good',
        categoryId: '4',
        mode: 'giveaway',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await fromMemory(asked)).sort()).toEqual(
      [ids.freeLamp, ids.freeBooks, ids.swapLamp].sort(),
    );
    expect(await fromMemory(request({ search: 'lamp', mode: 'swap' }))).toEqual([]);
    expect(await fromMemory(asked)).toEqual(await fromSql(asked));
    expect(rankings.stats().changeReads).toBeGreaterThan(0);
  });
});
