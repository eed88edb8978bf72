import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_PLACE_NAME_MAX } from '../../../shared/meeting-places.js';
import {
  createTestApp,
  type Member,
  registerMember,
  requestAs,
  type TestApp,
} from '../../testing/app.js';
import { nearestToBothSql } from './meeting-places.service.js';

let t: TestApp;
let admin: Member;
let ann: Member;
let bob: Member;
let cat: Member;

const ADMIN_EMAIL = 'places-admin@example.com';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await registerMember(t.app, { email: ADMIN_EMAIL });
  [ann, bob, cat] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Member | null,
  payload?: unknown,
) => requestAs(t.app, method, url, who, payload);

const LIBRARY = { name: 'Central Library', address: '1 Library Way', latitude: 51.5, longitude: 0 };

async function addPlace(place: { name: string; latitude: number; longitude: number }) {
  const response = await call('POST', '/api/admin/meeting-places', admin, {
    address: `${place.name} street`,
    ...place,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** A listing of `who` whose public point is at (lat, lon), or without one for null. */
async function listingAt(who: Member, at: [number, number] | null): Promise<number> {
  const response = await call('POST', '/api/items', who, {
    title: 'Meeting lamp',
    description: 'For a meeting-places test',
    condition: 'good',
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as number;
  if (at)
    await t.db.execute(sql`
      update items set public_latitude = ${at[0]}, public_longitude = ${at[1]},
             public_point = ll_to_earth(${at[0]}, ${at[1]}) where id = ${id}`);
  return id;
}

/** An offer from Ann (at `from`) on a listing of Bob (at `to`). */
async function offer(from: [number, number] | null, to: [number, number] | null) {
  const itemId = await listingAt(bob, to);
  const offeredItemId = await listingAt(ann, from);
  const response = await call('POST', '/api/swap-requests', ann, {
    itemId,
    offeredItemId,
    message: 'Swap?',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as number, itemId, offeredItemId };
}

const suggestions = (who: Member | null, id: number) =>
  call('GET', `/api/swap-requests/${id}/meeting-places`, who);

describe('the admins’ meeting places', () => {
  it('are added, listed, changed and removed by admins', async () => {
    const created = await call('POST', '/api/admin/meeting-places', admin, {
      ...LIBRARY,
      name: '  Central Library  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const place = created.json();
    expect(place).toEqual({ id: expect.any(Number), ...LIBRARY });

    const listed = await call('GET', '/api/admin/meeting-places', admin);
    expect(listed.json()).toContainEqual(place);

    const moved = await call('PATCH', `/api/admin/meeting-places/${place.id}`, admin, {
      name: 'Police exchange zone',
      latitude: 51.6,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ ...place, name: 'Police exchange zone', latitude: 51.6 });
    // The indexed point moved with the coordinates.
    const { rows } = await t.db.execute<{ km: number }>(sql`
      select earth_distance(point, ll_to_earth(51.6, 0)) / 1000 as km
        from meeting_places where id = ${place.id}`);
    expect(Number(rows[0]?.km)).toBeLessThan(0.01);

    const removed = await call('DELETE', `/api/admin/meeting-places/${place.id}`, admin);
    expect(removed.statusCode).toBe(200);
    const after = await call('GET', '/api/admin/meeting-places', admin);
    expect(after.json().map((p: { id: number }) => p.id)).not.toContain(place.id);
  });

  it('are for admins only: members 403, visitors 401', async () => {
    const id = await addPlace({ name: 'Guarded', latitude: 10, longitude: 10 });
    for (const [who, status] of [
      [ann, 403],
      [null, 401],
    ] as const) {
      expect((await call('GET', '/api/admin/meeting-places', who)).statusCode).toBe(status);
      expect((await call('POST', '/api/admin/meeting-places', who, LIBRARY)).statusCode).toBe(
        status,
      );
      const patch = await call('PATCH', `/api/admin/meeting-places/${id}`, who, { name: 'x' });
      expect(patch.statusCode).toBe(status);
      expect((await call('DELETE', `/api/admin/meeting-places/${id}`, who)).statusCode).toBe(
        status,
      );
    }
    const listed = await call('GET', '/api/admin/meeting-places', admin);
    expect(listed.json()).toContainEqual(expect.objectContaining({ id, name: 'Guarded' }));
  });

  it.each([
    [{ ...LIBRARY, name: '   ' }, 'name is required'],
    [{ ...LIBRARY, name: 'x'.repeat(MEETING_PLACE_NAME_MAX + 1) }, 'name must be at most'],
    [{ ...LIBRARY, address: '' }, 'address is required'],
    [{ ...LIBRARY, latitude: 90.5 }, 'latitude must be between -90 and 90'],
    [{ ...LIBRARY, latitude: -91 }, 'latitude must be between -90 and 90'],
    [{ ...LIBRARY, longitude: 180.1 }, 'longitude must be between -180 and 180'],
    [{ ...LIBRARY, longitude: '0' }, 'longitude must be a number'],
    [{ name: 'No point', address: 'Somewhere' }, 'latitude must be a number'],
  ])('refuses %j with a 400', async (body, message) => {
    const response = await call('POST', '/api/admin/meeting-places', admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('refuses a bad change with a 400 and an unknown place with a 404', async () => {
    const id = await addPlace({ name: 'Checked', latitude: 1, longitude: 1 });
    const bad = await call('PATCH', `/api/admin/meeting-places/${id}`, admin, { longitude: 200 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('longitude must be between -180 and 180');
    const empty = await call('PATCH', `/api/admin/meeting-places/${id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Nothing to change');
    for (const url of ['/api/admin/meeting-places/999999', '/api/admin/meeting-places/abc']) {
      const patch = await call('PATCH', url, admin, { name: 'Ghost' });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().message).toBe('Meeting place not found');
      expect((await call('DELETE', url, admin)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/swap-requests/:id/meeting-places', () => {
  // Ann and Bob 13.9 km apart on one parallel; the places around London, one in Paris.
  const ANN: [number, number] = [51.5, -0.1];
  const BOB: [number, number] = [51.5, 0.1];

  beforeAll(async () => {
    await t.db.execute(sql`delete from meeting_places`);
    // On the segment beside Ann: the smallest sum of distances (13.9 km, tied with the centre)
    // but Bob would travel 13.2 km; the larger distance puts it last.
    await addPlace({ name: 'Beside Ann', latitude: 51.5, longitude: -0.09 });
    await addPlace({ name: 'North of the middle', latitude: 51.53, longitude: 0 });
    await addPlace({ name: 'Paris', latitude: 48.85, longitude: 2.35 });
    await addPlace({ name: 'Middle', latitude: 51.5, longitude: 0 });
  });

  it('suggests the three places nearest both parties, by the farther one’s distance', async () => {
    const { id } = await offer(ANN, BOB);
    for (const party of [ann, bob]) {
      const response = await suggestions(party, id);
      expect(response.statusCode, response.body).toBe(200);
      const places = response.json();
      expect(places.map((p: { name: string }) => p.name)).toEqual([
        'Middle',
        'North of the middle',
        'Beside Ann',
      ]);
      expect(places[0]).toEqual({
        id: expect.any(Number),
        name: 'Middle',
        address: 'Middle street',
        latitude: 51.5,
        longitude: 0,
        distanceKm: 6.9,
      });
      expect(places[2].distanceKm).toBe(13.2);
    }
  });

  it('finds a fair place that is not among the three nearest the parties’ midpoint', async () => {
    // Parties 2° apart on the equator. Three places on the line between them, near one party,
    // are nearer the midpoint than a place 1.2° north of it, yet the northern one is the fairest
    // (neither travels more than 1.56°): the second look of the query must reach it.
    const { id } = await offer([0, -1], [0, 1]);
    const added = [
      await addPlace({ name: 'Equator east', latitude: 0, longitude: 0.9 }),
      await addPlace({ name: 'Equator west', latitude: 0, longitude: -0.92 }),
      await addPlace({ name: 'Equator far east', latitude: 0, longitude: 0.95 }),
      await addPlace({ name: 'North of the equator', latitude: 1.2, longitude: 0 }),
    ];
    try {
      const places = (await suggestions(ann, id)).json();
      expect(places.map((p: { name: string }) => p.name)).toEqual([
        'North of the equator',
        'Equator east',
        'Equator west',
      ]);
    } finally {
      for (const place of added) await call('DELETE', `/api/admin/meeting-places/${place}`, admin);
    }
  });

  it('reads the places from the point index in both looks, never every row', async () => {
    // With seq scans priced out, as they are once a site has many places.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = nearestToBothSql(ANN, BOB);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan.match(/meeting_places_point_idx/g), plan).toHaveLength(2);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('is a 404 to anyone but the two parties, and asks visitors to sign in', async () => {
    const { id } = await offer(ANN, BOB);
    const outsider = await suggestions(cat, id);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe('Swap request not found');
    expect((await suggestions(null, id)).statusCode).toBe(401);
    expect((await suggestions(ann, 999_999)).statusCode).toBe(404);
    expect((await call('GET', '/api/swap-requests/abc/meeting-places', ann)).statusCode).toBe(404);
  });

  it('is [] while the listing asked for has no public point', async () => {
    const { id } = await offer(ANN, null);
    const response = await suggestions(ann, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('meets near the listing asked for when the sender has no point, by its distance alone', async () => {
    // Ann's offered listing has no place: the places nearest Bob's, farther distance = Bob's.
    const { id } = await offer(null, BOB);
    const places = (await suggestions(ann, id)).json() as Array<{
      name: string;
      distanceKm: number;
    }>;
    expect(places.map((p) => [p.name, p.distanceKm])).toEqual([
      ['Middle', 6.9],
      ['North of the middle', 7.7],
      ['Beside Ann', 13.2],
    ]);
  });

  it('places an offer of no listing at the sender’s newest listing with a place', async () => {
    const WEST: [number, number] = [51.5, -0.3];
    const itemId = await listingAt(bob, BOB);
    const dan = await registerMember(t.app);
    const ask = async () => {
      const created = await call('POST', '/api/swap-requests', dan, { itemId, message: 'Swap?' });
      expect(created.statusCode, created.body).toBe(201);
      return (await suggestions(bob, created.json().id)).json();
    };
    // Dan has no listing: he meets near Bob's.
    const alone = await ask();
    expect(alone.map((p: { name: string }) => p.name)).toEqual([
      'Middle',
      'North of the middle',
      'Beside Ann',
    ]);
    await listingAt(dan, null);
    await listingAt(dan, WEST);
    await listingAt(dan, null);
    // His newest listing with a place puts him west: as an offer of that listing would.
    const offeredWest = await call('POST', '/api/swap-requests', dan, {
      itemId: await listingAt(bob, BOB),
      offeredItemId: await listingAt(dan, WEST),
      message: 'Swap?',
    });
    const expected = (await suggestions(bob, offeredWest.json().id)).json();
    expect(expected).not.toEqual(alone);
    expect(await ask()).toEqual(expected);
  });

  it('is [] when a party is a member of another community', async () => {
    const { id } = await offer(ANN, BOB);
    expect((await suggestions(ann, id)).json()).toHaveLength(3);
    const { rows } = await t.db.execute<{ id: number }>(sql`
      insert into instances (host, base_url, actor_url, inbox_url)
      values ('elsewhere.example', 'https://elsewhere.example', 'https://elsewhere.example/actor',
              'https://elsewhere.example/inbox') returning id`);
    await t.db.execute(
      sql`update users set origin_instance_id = ${rows[0]?.id} where id = ${bob.user.id}`,
    );
    try {
      expect((await suggestions(ann, id)).json()).toEqual([]);
    } finally {
      await t.db.execute(sql`update users set origin_instance_id = null where id = ${bob.user.id}`);
    }
  });
});
