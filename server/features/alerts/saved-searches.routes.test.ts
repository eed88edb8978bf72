import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { findAlertsForListing, keysOfQueryTree } from './standing-query.js';

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
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  who?: Member,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function saveSearch(who: Member, body: Record<string, unknown>) {
  const response = await call('POST', '/api/saved-searches', who, {
    frequency: 'instant',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

async function list(who: Member, body: Record<string, unknown>) {
  const response = await call('POST', '/api/items', who, {
    description: 'Ready for a new home',
    condition: 'good',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

const alertsOf = async (who: Member) =>
  (
    (await call('GET', '/api/notifications?limit=100', who)).json() as {
      items: Array<{ type: string; text: string; link: string }>;
    }
  ).items.filter((n) => n.type === 'alert');

describe('saved searches', () => {
  it('are created, listed (own only), edited and deleted by their member', async () => {
    const created = await call('POST', '/api/saved-searches', ada, {
      search: 'rocking chair',
      categoryId: 4,
      near: 'Leeds',
      radiusKm: 10,
      frequency: 'daily',
    });
    expect(created.statusCode).toBe(201);
    const alert = created.json();
    expect(alert).toMatchObject({
      id: expect.any(Number),
      search: 'rocking chair',
      categoryId: 4,
      category: { id: 4, name: 'Home & Garden' },
      near: 'Leeds',
      radiusKm: 10,
      frequency: 'daily',
      scope: 'everywhere',
    });
    expect(alert).not.toHaveProperty('latitude');

    const mine = (await call('GET', '/api/saved-searches', ada)).json();
    expect(mine.map((s: { id: number }) => s.id)).toContain(alert.id);
    const bobs = (await call('GET', '/api/saved-searches', bob)).json();
    expect(bobs.map((s: { id: number }) => s.id)).not.toContain(alert.id);

    const edited = await call('PATCH', `/api/saved-searches/${alert.id}`, ada, {
      frequency: 'off',
      near: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ frequency: 'off', near: null, radiusKm: null });

    // Another member cannot see, change or delete it: to them it does not exist.
    for (const [method, payload] of [
      ['PATCH', { frequency: 'instant' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(method, `/api/saved-searches/${alert.id}`, bob, payload);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Saved search not found' });
    }
    const removed = await call('DELETE', `/api/saved-searches/${alert.id}`, ada);
    expect(removed.json()).toEqual({ message: 'Saved search deleted' });
    expect((await call('DELETE', `/api/saved-searches/${alert.id}`, ada)).statusCode).toBe(404);
  });

  it('keep the browse page’s scope: this community only, or everywhere by default', async () => {
    const local = await call('POST', '/api/saved-searches', ada, {
      search: 'sewing box',
      frequency: 'instant',
      scope: 'local',
    });
    expect(local.statusCode, local.body).toBe(201);
    expect(local.json()).toMatchObject({ search: 'sewing box', scope: 'local' });
    const listed = (await call('GET', '/api/saved-searches', ada)).json() as Array<{
      id: number;
      scope: string;
    }>;
    expect(listed.find((s) => s.id === local.json().id)?.scope).toBe('local');
    // Changed on its own, or kept when something else changes.
    const wider = await call('PATCH', `/api/saved-searches/${local.json().id}`, ada, {
      scope: 'everywhere',
    });
    expect(wider.statusCode, wider.body).toBe(200);
    expect(wider.json()).toMatchObject({ scope: 'everywhere' });
    const narrower = await call('PATCH', `/api/saved-searches/${local.json().id}`, ada, {
      scope: 'local',
    });
    expect(narrower.json()).toMatchObject({ scope: 'local' });
    const paused = await call('PATCH', `/api/saved-searches/${local.json().id}`, ada, {
      frequency: 'off',
    });
    expect(paused.json()).toMatchObject({ frequency: 'off', scope: 'local' });
  });

  it('need a signed-in member', async () => {
    expect((await call('GET', '/api/saved-searches')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/saved-searches', undefined, { search: 'x', frequency: 'off' }))
        .statusCode,
    ).toBe(401);
    expect((await call('DELETE', '/api/saved-searches/1')).statusCode).toBe(401);
  });

  it.each([
    [{ frequency: 'off' }, 'Enter the words to look for'],
    [{ search: '   ', frequency: 'off' }, 'Enter the words to look for'],
    [{ search: 'bike' }, 'frequency must be instant, daily or off'],
    [{ search: 'bike', frequency: 'weekly' }, 'frequency must be instant, daily or off'],
    [{ search: 'bike', frequency: 'off', radiusKm: 5 }, 'radiusKm needs a place in near'],
    [
      { search: 'bike', frequency: 'off', near: 'Leeds', radiusKm: 500 },
      'radiusKm must be between 1 and 200',
    ],
    [
      { search: 'bike', frequency: 'off', near: 'Qwertyvillezz' },
      'We could not find "Qwertyvillezz". Try a nearby town or city.',
    ],
    [{ search: 'bike', frequency: 'off', categoryId: 999 }, 'Please select a category'],
    [{ search: 'bike', frequency: 'off', scope: 'nearby' }, 'scope must be local or everywhere'],
    [
      { search: 'the', frequency: 'off' },
      'Add words that say what you are looking for (very common words such as “the” are not searched)',
    ],
    [
      { search: '-broken', frequency: 'off' },
      'Add words that say what you are looking for (very common words such as “the” are not searched)',
    ],
  ])('refuses %o with a message', async (body, message) => {
    const response = await call('POST', '/api/saved-searches', ada, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('stop at 50 per member with a clear message', async () => {
    const member = await registerMember(t.app);
    const results = await Promise.all(
      Array.from({ length: 52 }, (_, n) =>
        call('POST', '/api/saved-searches', member, { search: `thing ${n}`, frequency: 'off' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(50);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(refused[0]?.json()).toEqual({
      message:
        'You can keep at most 50 saved searches. Delete one you no longer need to save another.',
    });
  });
});

describe('want alerts', () => {
  it('tell the member of a new listing that matches, at once, linking to it', async () => {
    const seeker = await registerMember(t.app);
    await saveSearch(seeker, { search: 'mountain bike' });
    const item = await list(bob, { title: 'Mountain bikes (two)', categoryId: 6 });
    expect(await alertsOf(seeker)).toEqual([
      expect.objectContaining({
        text: 'New listing for your alert “mountain bike”: “Mountain bikes (two)”',
        link: `/item/${item.id}`,
      }),
    ]);
  });

  it('use the search’s own words: all of them, the last one as a prefix', async () => {
    const seeker = await registerMember(t.app);
    await saveSearch(seeker, { search: 'brass tele' });
    await list(bob, { title: 'Brass telescope' });
    await list(bob, { title: 'Plastic telescope' });
    await list(bob, { title: 'Brass candlestick' });
    expect((await alertsOf(seeker)).map((n) => n.text)).toEqual([
      'New listing for your alert “brass tele”: “Brass telescope”',
    ]);
  });

  it('respect category and radius, never report one’s own listing, and report a listing once', async () => {
    const seeker = await registerMember(t.app);
    await saveSearch(seeker, { search: 'kayak', categoryId: 6, near: 'York', radiusKm: 15 });
    await list(bob, { title: 'Kayak', categoryId: 6, location: 'Leeds' }); // ~35 km away
    await list(bob, { title: 'Kayak paddle', categoryId: 9, location: 'York' }); // other category
    await list(seeker, { title: 'Kayak', categoryId: 6, location: 'York' }); // their own
    await list(bob, { title: 'Kayak', description: 'No place given', categoryId: 6 });
    expect(await alertsOf(seeker)).toEqual([]);

    const near = await list(bob, { title: 'Sea kayak', categoryId: 6, location: 'York' });
    expect((await alertsOf(seeker)).map((n) => n.link)).toEqual([`/item/${near.id}`]);

    // Edited again: not reported a second time.
    await call('PUT', `/api/items/${near.id}`, bob, {
      title: 'Sea kayak, blue',
      description: 'Ready',
      condition: 'good',
      categoryId: '6',
      location: 'York',
    });
    expect(await alertsOf(seeker)).toHaveLength(1);
  });

  it('report a listing edited into a match', async () => {
    const seeker = await registerMember(t.app);
    await saveSearch(seeker, { search: 'ukulele' });
    const item = await list(bob, { title: 'Small guitar' });
    expect(await alertsOf(seeker)).toEqual([]);
    await call('PUT', `/api/items/${item.id}`, bob, {
      title: 'Soprano ukulele',
      description: 'Small guitar',
      condition: 'good',
      categoryId: '7',
    });
    expect((await alertsOf(seeker)).map((n) => n.link)).toEqual([`/item/${item.id}`]);
  });

  it('send one notification however many of the member’s alerts match', async () => {
    const seeker = await registerMember(t.app);
    await saveSearch(seeker, { search: 'record player' });
    await saveSearch(seeker, { search: 'turntable', frequency: 'daily' });
    await saveSearch(seeker, { search: 'vinyl' });
    await list(bob, { title: 'Record player turntable', description: 'Plays vinyl well' });
    expect(await alertsOf(seeker)).toHaveLength(1);
  });

  it('kept to this community hear of this community’s listings', async () => {
    const seeker = await registerMember(t.app);
    await saveSearch(seeker, { search: 'spinning wheel', scope: 'local' });
    const item = await list(bob, { title: 'Spinning wheel' });
    expect((await alertsOf(seeker)).map((n) => n.link)).toEqual([`/item/${item.id}`]);
  });

  it('go quietly to the daily digest when daily, and say nothing when paused', async () => {
    const daily = await registerMember(t.app);
    const paused = await registerMember(t.app);
    await saveSearch(daily, { search: 'harmonium', frequency: 'daily' });
    await saveSearch(paused, { search: 'harmonium', frequency: 'off' });
    await list(bob, { title: 'Harmonium' });
    const [row] = (
      await t.db.execute<{ email: string }>(
        sql`select email from notifications where recipient_id = ${daily.user.id} and type = 'alert'`,
      )
    ).rows;
    expect(row?.email).toBe('digest');
    expect(await alertsOf(paused)).toEqual([]);
  });

  it('email an instant alert at once when the member asks for instant alert emails', async () => {
    const seeker = await registerMember(t.app);
    await call('PATCH', '/api/notification-settings', seeker, { email: { alerts: 'instant' } });
    await saveSearch(seeker, { search: 'sewing machine' });
    await list(bob, { title: 'Sewing machine' });
    const [row] = (
      await t.db.execute<{ email: string; jobs: string }>(sql`
        select n.email, (select count(*) from jobs j
                         where j.dedupe_key = 'notification-email:' || n.id) as jobs
        from notifications n where recipient_id = ${seeker.user.id} and type = 'alert'`)
    ).rows;
    expect(row).toMatchObject({ email: 'instant', jobs: '1' });
  });

  it('find exactly what the browse search finds, for every alert and listing', async () => {
    const fresh = await createTestApp({ RATE_LIMITS: 'false' });
    try {
      const seeker = await registerMember(fresh.app);
      const lister = await registerMember(fresh.app);
      const searches = [
        'lamp',
        'desk lamp',
        'desk la',
        'brass',
        'oak table',
        'tab',
        'benches',
        'garden bench',
        '"oak table"',
        'lamp -brass',
        'lamp or table',
        'vintage',
        'red',
      ];
      for (const search of searches) {
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/api/saved-searches',
          headers: { cookie: seeker.cookie },
          payload: { search, frequency: 'instant' },
        });
        expect(response.statusCode, search).toBe(201);
      }
      const titles = [
        'Brass desk lamp',
        'Oak table',
        'Table made of oak',
        'Garden benches, set of four',
        'Vintage red lamp',
        'Red tablecloth',
        'Bench for the garden',
        'Lampshade',
        'Desk with lamp',
      ];
      const ids: number[] = [];
      for (const title of titles) {
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/api/items',
          headers: { cookie: lister.cookie },
          payload: { title, description: 'Collect any time', condition: 'good' },
        });
        expect(response.statusCode, title).toBe(201);
        ids.push(response.json().id);
      }
      for (const search of searches) {
        const browse = (
          await fresh.app.inject({
            method: 'GET',
            url: `/api/items?limit=100&search=${encodeURIComponent(search)}`,
          })
        ).json() as Array<{ id: number }>;
        const expected = browse.map((i) => i.id).sort((a, b) => a - b);
        const alerted: number[] = [];
        for (const id of ids) {
          const alerts = await findAlertsForListing(fresh.db, id);
          if (alerts.some((a) => a.search === search)) alerted.push(id);
        }
        expect(alerted, search).toEqual(expected);
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('reverse-index keys', () => {
  it('are the lexemes of the query’s indexable part, prefixes marked', () => {
    expect(keysOfQueryTree("'red' & 'bike':*")).toEqual(['red', 'p:bike']);
    expect(keysOfQueryTree("'red' <-> 'bike' | 'scooter'")).toEqual(['red', 'bike', 'scooter']);
    expect(keysOfQueryTree("'o''neil':*")).toEqual(["p:o'neil"]);
    expect(keysOfQueryTree('T')).toEqual([]);
    expect(keysOfQueryTree('')).toEqual([]);
  });
});
