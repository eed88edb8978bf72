import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/items.js';
import { distanceKm } from '../../infra/geocoding/fuzz.js';
import { lookUpPlace } from '../../infra/geocoding/gazetteer.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { backfillPublicLocations } from '../items/public-location.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let owner: Member;
let saver: Member;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'geo-admin@example.com' });
  owner = await registerMember(t.app);
  saver = await registerMember(t.app);
  const list = async (key: string, title: string, location: string | null, categoryId = 6) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: owner.cookie },
      payload: { title, description: 'Ready to swap', condition: 'good', location, categoryId },
    });
    expect(response.statusCode).toBe(201);
    ids[key] = response.json().id;
  };
  await list('leeds', 'Tennis racket', 'Leeds');
  await list('bradford', 'Tennis balls', 'Bradford');
  await list('york', 'Cricket bat', 'York');
  await list('london', 'Tennis net', 'London');
  await list('books', 'Tennis handbook', 'Leeds', 5);
  await list('nowhere', 'Tennis shoes', null);
});
afterAll(() => t.close());

type Listed = {
  id: number;
  area: { latitude: number; longitude: number; radiusKm: number } | null;
  distanceKm?: number;
};
const search = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/items?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Listed[];
};
const place = (name: string) => {
  const found = lookUpPlace(name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('GET /api/items?near=…', () => {
  it('finds only listings within the radius, with whole-km distances to their public points', async () => {
    const found = await search('near=Leeds&radiusKm=25');
    const foundIds = found.map((i) => i.id);
    expect(foundIds).toEqual(expect.arrayContaining([ids.leeds, ids.bradford, ids.books]));
    expect(foundIds).not.toContain(ids.york);
    expect(foundIds).not.toContain(ids.london);
    expect(foundIds).not.toContain(ids.nowhere);
    for (const item of found) {
      expect(Number.isInteger(item.distanceKm)).toBe(true);
      expect(item.distanceKm).toBeGreaterThanOrEqual(1);
      expect(item.distanceKm).toBeLessThanOrEqual(25);
      const area = item.area as NonNullable<Listed['area']>;
      expect(item.distanceKm).toBe(Math.max(1, Math.round(distanceKm(place('Leeds'), area))));
    }
    // A listing in Leeds is 0.5–1.5 km from the centre of Leeds: it shows as 1 or 2 km.
    expect([1, 2]).toContain(found.find((i) => i.id === ids.leeds)?.distanceKm);
    // Without near, no distance.
    expect((await search('search=tennis'))[0]).not.toHaveProperty('distanceKm');
  });

  it('sorts nearest first, and combines with search words and category', async () => {
    const nearest = await search('near=Leeds&radiusKm=50&sort=distance');
    const order = nearest.map((i) => i.id).filter((id) => [ids.bradford, ids.york].includes(id));
    expect(order).toEqual([ids.bradford, ids.york]);
    const distances = nearest.map((i) => i.distanceKm ?? 0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const tennis = (await search('near=Leeds&radiusKm=50&search=tennis')).map((i) => i.id);
    expect(tennis).toEqual(expect.arrayContaining([ids.leeds, ids.bradford, ids.books]));
    expect(tennis).not.toContain(ids.york);
    const sports = (await search('near=Leeds&radiusKm=50&search=tennis&categoryId=6')).map(
      (i) => i.id,
    );
    expect(sports).not.toContain(ids.books);
    expect(sports).toContain(ids.leeds);
  });

  it('takes a browser position as near=lat,lon', async () => {
    const york = place('York');
    const found = await search(
      `near=${encodeURIComponent(`${york.latitude},${york.longitude}`)}&radiusKm=5`,
    );
    expect(found.map((i) => i.id)).toEqual([ids.york]);
  });

  it.each([
    ['near=Qwertyvillezz', 'We could not find "Qwertyvillezz". Try a nearby town or city.'],
    ['near=Leeds&radiusKm=0', 'radiusKm must be between 1 and 200'],
    ['near=Leeds&radiusKm=201', 'radiusKm must be between 1 and 200'],
    ['near=Leeds&radiusKm=2.5', 'radiusKm must be a whole number of kilometres'],
    ['near=Leeds&radiusKm=far', 'radiusKm must be a number of kilometres'],
    ['radiusKm=10', 'radiusKm needs a place in near'],
    ['sort=distance', 'Sorting by distance needs a place in near'],
    ['near=Leeds&sort=closest', 'sort must be newest or distance'],
    ['near=91,0', 'near must be a place or a latitude,longitude on the map'],
    ['near=10,181', 'near must be a place or a latitude,longitude on the map'],
  ])('answers %s with 400 and a message', async (query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/items?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('is answered from the GiST index of public points', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`
        explain select id from items
        where earth_box(ll_to_earth(53.8, -1.55), 25500) @> public_point
          and earth_distance(ll_to_earth(53.8, -1.55), public_point) < 25500
        order by public_point <-> ll_to_earth(53.8, -1.55) limit 24`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('items_public_point_idx');
  });
});

/** Every object with a latitude that is not an area (latitude, longitude and radiusKm). */
function pointsOutsideAreas(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pointsOutsideAreas(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const entries = Object.entries(value);
  const here =
    ('latitude' in value || 'longitude' in value) && !('radiusKm' in value) ? [path] : [];
  return [...here, ...entries.flatMap(([k, v]) => pointsOutsideAreas(v, `${path}.${k}`))];
}

describe('public answers never carry a listing’s exact point', () => {
  it('hold an area 0.5–1.5 km off the real point, the same on every read', async () => {
    const leeds = place('Leeds');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/items/${ids.leeds}` })).json();
    const area = detail.area as NonNullable<Listed['area']>;
    expect(area.radiusKm).toBe(2);
    const off = distanceKm(leeds, area);
    expect(off).toBeGreaterThanOrEqual(0.5);
    expect(off).toBeLessThanOrEqual(1.5);
    const again = (await t.app.inject({ method: 'GET', url: `/api/items/${ids.leeds}` })).json();
    expect(again.area).toEqual(area);

    // An edit that keeps the location keeps the point; a move gets a new one near the new place.
    const edit = (location: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/items/${ids.leeds}`,
        headers: { cookie: owner.cookie },
        payload: {
          title: 'Tennis racket',
          description: 'Restrung',
          condition: 'good',
          categoryId: '6',
          location,
        },
      });
    expect((await edit('Leeds')).json().area).toEqual(area);
    const moved = (await edit('York')).json().area;
    expect(distanceKm(place('York'), moved)).toBeLessThanOrEqual(1.5);
    expect((await edit('Leeds')).json().area).toEqual(area);
  });

  it('holds for lists, detail, saved items, profiles and the admin view', async () => {
    const admin = await registerMember(t.app, { email: 'geo-admin@example.com' });
    await t.app.inject({
      method: 'POST',
      url: `/api/items/${ids.leeds}/save`,
      headers: { cookie: saver.cookie },
    });
    const [row] = await t.db
      .select({ latitude: items.latitude, longitude: items.longitude })
      .from(items)
      .where(eq(items.id, ids.leeds ?? 0));
    const exact = [String(row?.latitude), String(row?.longitude)];
    const urls: Array<[string, string | undefined]> = [
      ['/api/items', undefined],
      ['/api/items?near=Leeds', undefined],
      [`/api/items/${ids.leeds}`, undefined],
      [`/api/items?userId=${owner.user.id}`, owner.cookie],
      ['/api/items?search=tennis&debug=true', undefined],
      ['/api/saved-items', saver.cookie],
      ['/api/admin/items', admin.cookie],
    ];
    for (const [url, cookie] of urls) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode, url).toBe(200);
      expect(pointsOutsideAreas(response.json()), url).toEqual([]);
      for (const value of exact) expect(response.body, `${url} ${value}`).not.toContain(value);
    }
  });

  it('are filled in for listings that predate them', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/items/${ids.york}` })).json();
    await t.db
      .update(items)
      .set({ publicLatitude: null, publicLongitude: null, publicPoint: null })
      .where(eq(items.id, ids.york ?? 0));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/items/${ids.york}` })).json().area,
    ).toBeNull();
    expect(await backfillPublicLocations(t.db, t.config.sessionSecret ?? '')).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/items/${ids.york}` })).json().area,
    ).toEqual(before.area);
  });
});
