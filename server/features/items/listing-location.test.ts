import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/items.js';
import { distanceKm } from '../../infra/geocoding/fuzz.js';
import { lookUpPlace } from '../../infra/geocoding/gazetteer.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { backfillPublicLocations } from './public-location.js';

/**
 * Issue 36: a listing's location text was published as typed (a street address given for
 * geocoding was public), and each listing's public point had an offset of its own (a member's
 * listings at one address averaged back to it).
 */

type Member = Awaited<ReturnType<typeof registerMember>>;
type Area = { latitude: number; longitude: number; radiusKm: number };

let t: TestApp;
let ann: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  [ann, bob] = [await registerMember(t.app), await registerMember(t.app)];
});
afterAll(() => t.close());

/** What 0026_public_places.sql runs, read from the file the migrator runs. */
let MIGRATION_0026 = '';
beforeAll(async () => {
  const file = new URL('../../db/migrations/0026_public_places.sql', import.meta.url);
  MIGRATION_0026 = (await readFile(file, 'utf8')).replaceAll('--> statement-breakpoint', '');
});

const ADDRESS = '221B Baker Street, London';

async function list(who: Member, title: string, location: string | null): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie: who.cookie },
    payload: { title, description: 'Ready to swap', condition: 'good', location, categoryId: 6 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const detail = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json() as {
    title: string;
    location: string | null;
    area: Area | null;
  };

const browse = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/items?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

const edit = (who: Member, id: number, fields: { title: string; location: string | null }) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/items/${id}`,
    headers: { cookie: who.cookie },
    payload: { description: 'Ready to swap', condition: 'good', categoryId: '6', ...fields },
  });

const pointOf = (area: Area | null) =>
  area && { latitude: area.latitude, longitude: area.longitude };

describe('the place a listing shows', () => {
  it('is the place the geocoder found, never the street typed', async () => {
    const id = await list(ann, 'Deerstalker hat', ADDRESS);
    const created = await detail(id);
    expect(created.location).toBe('London');
    expect(created.area).not.toBeNull();

    const page = await browse('search=deerstalker');
    expect(page.json().map((item: { id: number }) => item.id)).toEqual([id]);
    expect(page.json()[0].location).toBe('London');
    for (const body of [JSON.stringify(created), page.body]) expect(body).not.toMatch(/Baker/i);
    // Nor can the street be found by searching for it.
    expect((await browse('location=Baker')).json()).toEqual([]);
    expect((await browse('location=London')).json().map((i: { id: number }) => i.id)).toContain(id);
  });

  it('is nothing when no geocoder could place the text (it might be an address)', async () => {
    const id = await list(ann, 'Pipe rack', 'Flat 3, 12 Qwxzv Plorp Lane');
    expect(await detail(id)).toMatchObject({ location: null, area: null });
    const [row] = await t.db
      .select({ location: items.location })
      .from(items)
      .where(eq(items.id, id));
    expect(row?.location).toBeNull();
  });

  it('is what the edit form gets back; sent back unchanged, the listing does not move', async () => {
    const id = await list(ann, 'Violin', ADDRESS);
    const before = await detail(id);
    // The edit form is filled from GET /api/items/:id, the same public listing as everyone's.
    const edited = await edit(ann, id, { title: 'Violin and bow', location: before.location });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Violin and bow', location: 'London' });
    expect(edited.json().area).toEqual(before.area);
  });
});

describe('a member’s public point at one place', () => {
  it('is one point for all their listings there, another member’s is another', async () => {
    const ids: number[] = [];
    for (const title of [
      'Cricket bat',
      'Cricket ball',
      'Cricket stumps',
      'Cricket pads',
      'Cricket gloves',
    ])
      ids.push(await list(ann, title, 'Leeds'));
    const points = await Promise.all(ids.map(async (id) => pointOf((await detail(id)).area)));
    expect(new Set(points.map((point) => JSON.stringify(point))).size).toBe(1);
    const leeds = lookUpPlace('Leeds');
    if (!leeds || !points[0]) throw new Error('Leeds has no point');
    const away = distanceKm(leeds, points[0]);
    expect(away).toBeGreaterThanOrEqual(0.5);
    expect(away).toBeLessThanOrEqual(1.5);

    const bobs = pointOf((await detail(await list(bob, 'Cricket helmet', 'Leeds'))).area);
    expect(bobs).not.toEqual(points[0]);

    // Edited without moving, or moved away and back: the same point.
    const first = ids[0] as number;
    expect(
      (await edit(ann, first, { title: 'Cricket bat, oiled', location: 'Leeds' })).json(),
    ).toMatchObject({ location: 'Leeds', area: (await detail(first)).area });
    const york = await edit(ann, first, { title: 'Cricket bat', location: 'York' });
    expect(york.json().location).toBe('York');
    expect(pointOf(york.json().area)).not.toEqual(points[0]);
    const back = await edit(ann, first, { title: 'Cricket bat', location: 'leeds' });
    expect(back.json().location).toBe('Leeds');
    expect(pointOf(back.json().area)).toEqual(points[0]);

    // Near search finds them at the public point.
    const near = (await browse('near=Leeds&radiusKm=5&search=cricket')).json() as Array<{
      id: number;
      distanceKm: number;
    }>;
    expect(near.map((item) => item.id)).toEqual(expect.arrayContaining([...ids]));
    for (const item of near) expect([1, 2]).toContain(item.distanceKm);
  });
});

describe('listings located before this', () => {
  it('get the place’s name and the member’s point from the backfill (migration 0026 clears theirs)', async () => {
    const [home, office, unplaced] = [
      await list(bob, 'Old kettle', 'York'),
      await list(bob, 'Old toaster', 'York'),
      await list(bob, 'Old fridge', null),
    ];
    const expected = await detail(home);
    // As listed before: the text as typed and a point of the listing's own.
    await t.db
      .update(items)
      .set({ location: '14 Stonegate, York', publicLatitude: 53.97, publicLongitude: -1.09 })
      .where(eq(items.id, home));
    await t.db
      .update(items)
      .set({ location: 'Flat 2, Coppergate, York', publicLatitude: 53.95, publicLongitude: -1.1 })
      .where(eq(items.id, office));
    await t.db
      .update(items)
      .set({ location: 'my house by the church' })
      .where(eq(items.id, unplaced));
    await t.db.execute(sql.raw(MIGRATION_0026));

    expect((await detail(unplaced)).location).toBeNull();
    expect((await detail(home)).area).toBeNull();
    expect(
      await backfillPublicLocations(t.db, t.config.sessionSecret ?? ''),
    ).toBeGreaterThanOrEqual(2);
    for (const id of [home, office]) {
      const after = await detail(id);
      expect(after.location).toBe('York');
      expect(after.area).toEqual(expected.area);
    }
  });
});
