import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

/**
 * Issue 38 §2 and want alerts: an alert saved from browse with the Type filter (`mode`) keeps it,
 * and then hears only of listings of that mode (give-aways, or swaps); without it, of both.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let ada: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  ada = await registerMember(t.app);
  bob = await registerMember(t.app);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  who: Member,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function saveSearch(who: Member, body: Record<string, unknown>) {
  const response = await call('POST', '/api/saved-searches', who, {
    frequency: 'instant',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; mode: string | null };
}

const listing = (title: string, mode: 'swap' | 'giveaway') => ({
  title,
  description: 'Ready for a new home',
  condition: 'good',
  categoryId: 4,
  mode,
  ...(mode === 'giveaway' && { fairChanceHours: 12 }),
});

async function list(title: string, mode: 'swap' | 'giveaway') {
  const response = await call('POST', '/api/items', bob, listing(title, mode));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

const alertLinks = async (who: Member) =>
  (
    (await call('GET', '/api/notifications?limit=100', who)).json() as {
      items: Array<{ type: string; link: string }>;
    }
  ).items
    .filter((n) => n.type === 'alert')
    .map((n) => n.link)
    .sort();

describe('an alert’s mode', () => {
  it('is kept as saved, listed, changed on its own or cleared (null: both kinds)', async () => {
    const free = await saveSearch(ada, { search: 'rocking horse', mode: 'giveaway' });
    expect(free).toMatchObject({ search: 'rocking horse', mode: 'giveaway' });
    expect((await saveSearch(ada, { search: 'sledge' })).mode).toBeNull();
    const listed = (await call('GET', '/api/saved-searches', ada)).json() as Array<{
      id: number;
      mode: string | null;
    }>;
    expect(listed.find((s) => s.id === free.id)?.mode).toBe('giveaway');
    const url = `/api/saved-searches/${free.id}`;
    expect((await call('PATCH', url, ada, { frequency: 'daily' })).json()).toMatchObject({
      frequency: 'daily',
      mode: 'giveaway',
    });
    expect((await call('PATCH', url, ada, { mode: 'swap' })).json()).toMatchObject({
      mode: 'swap',
    });
    expect((await call('PATCH', url, ada, { mode: null })).json()).toMatchObject({ mode: null });
  });

  it('refuses a mode that is not one (400)', async () => {
    const response = await call('POST', '/api/saved-searches', ada, {
      search: 'bike',
      frequency: 'off',
      mode: 'free',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'mode must be swap or giveaway' });
  });
});

describe('an alert kept to one mode', () => {
  it('hears only of listings of that mode; one with none hears of both', async () => {
    const [giveaways, swaps, both] = [
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
    ];
    await saveSearch(giveaways, { search: 'garden bench', mode: 'giveaway' });
    await saveSearch(swaps, { search: 'garden bench', mode: 'swap' });
    await saveSearch(both, { search: 'garden bench' });
    const swapped = await list('Garden bench, oak', 'swap');
    const given = await list('Garden bench, pine', 'giveaway');
    expect(await alertLinks(giveaways)).toEqual([`/item/${given.id}`]);
    expect(await alertLinks(swaps)).toEqual([`/item/${swapped.id}`]);
    expect(await alertLinks(both)).toEqual([`/item/${given.id}`, `/item/${swapped.id}`].sort());
    // As browse's Type filter finds them.
    for (const [mode, id] of [
      ['giveaway', given.id],
      ['swap', swapped.id],
    ] as const) {
      const page = await t.app.inject({ url: `/api/items?search=garden+bench&mode=${mode}` });
      expect((page.json() as Array<{ id: number }>).map((item) => item.id)).toEqual([id]);
    }
  });

  it('hears of a swap made a give-away', async () => {
    const seeker = await registerMember(t.app);
    await saveSearch(seeker, { search: 'dolls house', mode: 'giveaway' });
    const item = await list('Dolls house', 'swap');
    expect(await alertLinks(seeker)).toEqual([]);
    const changed = await call(
      'PUT',
      `/api/items/${item.id}`,
      bob,
      listing('Dolls house', 'giveaway'),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await alertLinks(seeker)).toEqual([`/item/${item.id}`]);
  });
});
