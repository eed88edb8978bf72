import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Circle } from '../../../shared/circles.js';
import { items } from '../../db/schema/items.js';
import { createListing } from '../matching/matching.testing.js';
import {
  ann,
  bob,
  cat,
  circleOf,
  dan,
  loop,
  type Member,
  propose,
  request,
  setUpCirclesApp,
  t,
} from './circles.fixtures.js';

setUpCirclesApp();

describe('POST /api/circles', () => {
  it('proposes a loop of wants: legs give each listing to the member who wanted it', async () => {
    const ids = await loop([ann, bob, cat], 'Propose');
    const response = await propose(ann, ids);
    expect(response.statusCode).toBe(201);
    const circle: Circle = response.json();
    expect(circle.status).toBe('proposed');
    expect(circle.proposerId).toBe(ann.user.id);
    expect(circle.legs.map((leg) => leg.item.id)).toEqual(ids);
    // Ann's listing goes to Cat (whose listing wants it); Bob's to Ann; Cat's to Bob.
    expect(circle.legs.map((leg) => [leg.giver.id, leg.receiver.id])).toEqual([
      [ann.user.id, cat.user.id],
      [bob.user.id, ann.user.id],
      [cat.user.id, bob.user.id],
    ]);
    expect(circle.legs.map((leg) => leg.decision)).toEqual(['accepted', 'pending', 'pending']);
    expect(circle.actions).toEqual(['decline']);
    expect(Date.parse(circle.expiresAt) - Date.parse(circle.createdAt)).toBeCloseTo(
      7 * 24 * 3600 * 1000,
      -4,
    );
    expect((await circleOf(bob, circle.id)).actions).toEqual(['accept', 'decline']);
  });

  it('takes a loop of four written from any listing', async () => {
    const ids = await loop([bob, cat, dan, ann], 'Four');
    const response = await propose(ann, ids);
    expect(response.statusCode).toBe(201);
    expect(response.json().legs).toHaveLength(4);
  });

  it('refuses what is not a circle, with a message, and creates nothing', async () => {
    const ids = await loop([ann, bob, cat], 'Refused');
    const [a, b, c] = ids as [number, number, number];
    const cases: Array<[Member | null, unknown, number, RegExp]> = [
      [null, ids, 401, /sign in/i],
      [dan, ids, 403, /one of your listings/],
      [ann, [a, b], 400, /3 or 4/],
      [ann, [a, b, c, a], 400, /once/],
      [ann, 'all of them', 400, /list/],
      [ann, [a, b, 999_999], 404, /not found/i],
      // The reverse loop: nobody wants what it would give them.
      [ann, [a, c, b], 409, /does not want/],
    ];
    for (const [who, body, status, message] of cases) {
      const response = await propose(who, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const sameOwner = await createListing(t.app, ann.cookie, { title: 'Second of Ann' });
    const twice = await propose(ann, [a, b, sameOwner]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/owners must differ/);
    expect((await request('GET', '/api/circles', ann)).json()).not.toContainEqual(
      expect.objectContaining({
        legs: expect.arrayContaining([
          expect.objectContaining({ item: expect.objectContaining({ id: a }) }),
        ]),
      }),
    );
  });

  it('refuses a listing off the market and a loop already proposed', async () => {
    const ids = await loop([ann, bob, cat], 'Market');
    await t.db
      .update(items)
      .set({ isActive: false })
      .where(eq(items.id, ids[1] as number));
    expect((await propose(ann, ids)).statusCode).toBe(409);
    await t.db
      .update(items)
      .set({ isActive: true })
      .where(eq(items.id, ids[1] as number));
    expect((await propose(ann, ids)).statusCode).toBe(201);
    const rotated = [ids[1], ids[2], ids[0]];
    const again = await propose(bob, rotated);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been proposed/);
  });
});

describe('GET /api/circles', () => {
  it('shows a circle to its participants only', async () => {
    const ids = await loop([ann, bob, cat], 'Private');
    const { id } = (await propose(ann, ids)).json();
    expect((await request('GET', `/api/circles/${id}`, dan)).statusCode).toBe(404);
    expect((await request('GET', `/api/circles/${id}`, null)).statusCode).toBe(401);
    expect((await request('GET', '/api/circles/banana', ann)).statusCode).toBe(404);
    const mine: Circle[] = (await request('GET', '/api/circles?status=proposed', cat)).json();
    expect(mine.map((c) => c.id)).toContain(id);
    const none: Circle[] = (await request('GET', '/api/circles?status=completed', cat)).json();
    expect(none.map((c) => c.id)).not.toContain(id);
    expect((await request('GET', '/api/circles?status=whatever', cat)).statusCode).toBe(400);
    expect(
      (await request('GET', '/api/circles', dan)).json().map((c: Circle) => c.id),
    ).not.toContain(id);
  });
});
