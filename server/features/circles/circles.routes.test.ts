import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Circle } from '../../../shared/circles.js';
import type { Matches } from '../../../shared/matching.js';
import { CANNOT_CONTACT } from '../../../shared/policies/members.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import {
  createPeerApp,
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { createListing, putWants } from '../matching/matching.testing.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let ann: Member;
let bob: Member;
let cat: Member;
let dan: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  [ann, bob, cat, dan] = await Promise.all([
    registerMember(t.app),
    registerMember(t.app),
    registerMember(t.app),
    registerMember(t.app),
  ]);
});
afterAll(() => t.close());

const request = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Member | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const propose = (who: Member | null, itemIds: unknown) =>
  request('POST', '/api/circles', who, { itemIds });
const patch = (who: Member | null, id: number, body: unknown) =>
  request('PATCH', `/api/circles/${id}`, who, body);
const circleOf = async (who: Member, id: number): Promise<Circle> => {
  const response = await request('GET', `/api/circles/${id}`, who);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const itemOf = async (id: number) => (await request('GET', `/api/items/${id}`, null)).json();

/**
 * A loop of wants through one listing each of `members`, in order: each listing's owner wants
 * the next member's listing, the last wants the first. Returns the listings in loop order.
 */
async function loop(members: Member[], label: string): Promise<number[]> {
  const ids: number[] = [];
  for (const [k, member] of members.entries()) {
    ids.push(await createListing(t.app, member.cookie, { title: `${label} ${k + 1}` }));
  }
  for (const [k, member] of members.entries()) {
    const next = ids[(k + 1) % ids.length] as number;
    expect((await putWants(t.app, member.cookie, ids[k] as number, [next])).statusCode).toBe(200);
  }
  return ids;
}

async function acceptedCircle(label: string): Promise<{ id: number; ids: number[] }> {
  const ids = await loop([ann, bob, cat], label);
  const created = await propose(ann, ids);
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(200);
  expect((await patch(cat, id, { decision: 'accept' })).statusCode).toBe(200);
  return { id, ids };
}

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

describe('PATCH /api/circles/:id', () => {
  it('is accepted when everyone accepts, and then reserves its listings', async () => {
    const { id, ids } = await acceptedCircle('Reserve');
    const circle = await circleOf(ann, id);
    expect(circle.status).toBe('accepted');
    expect(circle.acceptedAt).not.toBeNull();
    expect(circle.actions).toEqual(['receive', 'cancel']);
    for (const itemId of ids) expect((await itemOf(itemId)).isReserved).toBe(true);

    // No offer can name a reserved listing (issue 38), asked for or offered.
    const offer = await request('POST', '/api/swap-requests', dan, {
      itemId: ids[0],
      message: 'Would you swap?',
    });
    expect(offer.statusCode).toBe(409);
    expect(offer.json().message).toMatch(/reserved/);
  });

  it('takes reserved listings out of everyone’s matches', async () => {
    const ids = await loop([ann, bob, cat], 'Matches');
    const dans = await createListing(t.app, dan.cookie, { title: 'Matches drum' });
    await putWants(t.app, dan.cookie, dans, [ids[1] as number]);
    const wantedBy = async (who: Member) =>
      ((await request('GET', '/api/matches', who)).json() as Matches).wanted.map((w) => w.id);
    const circlesOf = async (who: Member) =>
      ((await request('GET', '/api/matches', who)).json() as Matches).circles.map((c) => c.itemIds);
    expect(await wantedBy(dan)).toContain(ids[1]);
    expect(await circlesOf(ann)).toContainEqual(ids);
    const { id } = (await propose(ann, ids)).json();
    await patch(bob, id, { decision: 'accept' });
    await patch(cat, id, { decision: 'accept' });
    expect(await wantedBy(dan)).not.toContain(ids[1]);
    expect(await circlesOf(ann)).not.toContainEqual(ids);
  });

  it('ends for everyone at one decline; a later accept is refused', async () => {
    const ids = await loop([ann, bob, cat], 'Decline');
    const { id } = (await propose(ann, ids)).json();
    const declined = await patch(bob, id, { decision: 'decline' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('declined');
    expect(declined.json().closedReason).toMatch(/^Declined by /);
    const late = await patch(cat, id, { decision: 'accept' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/declined/);
    expect((await patch(dan, id, { decision: 'accept' })).statusCode).toBe(404);
  });

  it('refuses an accept across a block (403) and leaves declining open to both', async () => {
    const ids = await loop([ann, bob, cat], 'Blocked');
    const { id } = (await propose(ann, ids)).json();
    expect((await request('POST', `/api/users/${bob.user.id}/block`, cat)).statusCode).toBe(200);
    try {
      for (const who of [bob, cat]) {
        expect((await circleOf(who, id)).actions).toEqual(['decline']);
        const refused = await patch(who, id, { decision: 'accept' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(CANNOT_CONTACT);
      }
      // The proposer blocked no one: nothing changes for them.
      expect((await circleOf(ann, id)).actions).toEqual(['decline']);
      const declined = await patch(bob, id, { decision: 'decline' });
      expect(declined.statusCode).toBe(200);
      expect(declined.json().status).toBe('declined');
    } finally {
      await request('DELETE', `/api/users/${bob.user.id}/block`, cat);
    }
  });

  it('lets the proposer withdraw a proposal, and nobody accept twice', async () => {
    const ids = await loop([ann, bob, cat], 'Withdraw');
    const { id } = (await propose(ann, ids)).json();
    expect((await patch(ann, id, { decision: 'accept' })).statusCode).toBe(409);
    expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(200);
    expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(409);
    expect((await patch(ann, id, { decision: 'decline' })).json().status).toBe('declined');
  });

  it('refuses receipts and completion before acceptance, and bodies that say nothing', async () => {
    const ids = await loop([ann, bob, cat], 'Early');
    const { id } = (await propose(ann, ids)).json();
    const early = await patch(bob, id, { received: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/once everyone has accepted/);
    const complete = await patch(bob, id, { status: 'completed' });
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toMatch(/not been accepted/);
    for (const body of [{}, { decision: 'maybe' }, { received: false }, { status: 'cancelled' }]) {
      const response = await patch(bob, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await patch(null, id, { decision: 'accept' })).statusCode).toBe(401);
  });

  it('completes at the last receipt: listings off the market, swap counts up, ratings once each', async () => {
    const swapsOf = async (who: Member) =>
      (await request('GET', `/api/users/${who.user.id}/swap-stats`, null)).json()
        .totalSwaps as number;
    const counts = [await swapsOf(ann), await swapsOf(bob), await swapsOf(cat)];
    const { id, ids } = await acceptedCircle('Complete');
    expect((await patch(ann, id, { status: 'completed' })).json().message).toMatch(
      /confirms the listing they received/,
    );
    expect((await patch(ann, id, { received: true })).json().status).toBe('accepted');
    expect((await patch(ann, id, { received: true })).statusCode).toBe(409);
    expect((await patch(bob, id, { received: true })).json().status).toBe('accepted');
    const done = await patch(cat, id, { received: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    expect(done.json().legs.every((leg: { receivedAt: string | null }) => leg.receivedAt)).toBe(
      true,
    );
    for (const itemId of ids) {
      const item = await itemOf(itemId);
      expect([item.isActive, item.isReserved]).toEqual([false, false]);
    }
    expect([await swapsOf(ann), await swapsOf(bob), await swapsOf(cat)]).toEqual(
      counts.map((n) => n + 1),
    );

    const rate = (who: Member, to: Member | string, circleId: unknown = id) =>
      request('POST', '/api/feedback', who, {
        toUserId: typeof to === 'string' ? to : to.user.id,
        circleId,
        rating: 5,
        comment: 'Smooth',
      });
    expect((await rate(ann, bob)).statusCode).toBe(201);
    expect((await rate(ann, cat)).statusCode).toBe(201);
    const again = await rate(ann, bob);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already rated this member/);
    expect((await rate(ann, ann)).statusCode).toBe(400);
    expect((await rate(dan, ann)).statusCode).toBe(404);
    expect((await rate(ann, dan)).statusCode).toBe(400);
    const both = await request('POST', '/api/feedback', ann, {
      toUserId: bob.user.id,
      circleId: id,
      swapRequestId: 1,
      rating: 4,
    });
    expect(both.statusCode).toBe(400);
    expect((await circleOf(ann, id)).ratedUserIds.sort()).toEqual(
      [bob.user.id, cat.user.id].sort(),
    );
    expect((await circleOf(bob, id)).ratedUserIds).toEqual([]);
  });

  it('refuses a rating before completion', async () => {
    const { id } = await acceptedCircle('Rate early');
    const response = await request('POST', '/api/feedback', ann, {
      toUserId: bob.user.id,
      circleId: id,
      rating: 5,
    });
    expect(response.statusCode).toBe(409);
  });

  it('cancels an accepted circle before any receipt, with the reason, freeing its listings', async () => {
    const { id, ids } = await acceptedCircle('Cancel');
    expect((await patch(bob, id, { status: 'cancelled', reason: '   ' })).statusCode).toBe(400);
    const cancelled = await patch(bob, id, { status: 'cancelled', reason: 'Broke it, sorry' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().closedReason).toMatch(/: Broke it, sorry$/);
    for (const itemId of ids) expect((await itemOf(itemId)).isReserved).toBe(false);

    const second = await acceptedCircle('Cancel late');
    expect((await patch(cat, second.id, { received: true })).statusCode).toBe(200);
    const late = await patch(ann, second.id, { status: 'cancelled', reason: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already been received/);
  });

  it('expires a proposal after its deadline: read as expired at once, recorded by the job', async () => {
    const ids = await loop([ann, bob, cat], 'Expire');
    const { id } = (await propose(ann, ids)).json();
    await t.db.execute(
      sql`update circles set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    expect((await circleOf(bob, id)).status).toBe('expired');
    const late = await patch(bob, id, { decision: 'accept' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
    // Another app server starting records it (each runs the expiry when ready, then every 10 min).
    const status = async () =>
      (await t.db.execute<{ status: string }>(sql`select status from circles where id = ${id}`))
        .rows[0]?.status;
    expect(await status()).toBe('proposed');
    const peer = await createPeerApp(t);
    try {
      await vi.waitFor(async () => expect(await status()).toBe('expired'), { timeout: 5000 });
    } finally {
      await peer.close();
    }
  });

  it('closes proposals whose listing is swapped elsewhere or deleted', async () => {
    const ids = await loop([ann, bob, cat], 'Gone');
    const { id } = (await propose(ann, ids)).json();
    const removed = await request('DELETE', `/api/items/${ids[2]}`, cat);
    expect(removed.statusCode).toBe(200);
    const circle = await circleOf(ann, id);
    expect(circle.status).toBe('cancelled');
    expect(circle.closedReason).toMatch(/withdrawn by its owner/);
  });

  it('refuses to trade a suspended member’s listing', async () => {
    const ids = await loop([ann, bob, cat], 'Suspended');
    const { id } = (await propose(ann, ids)).json();
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, cat.user.id));
    try {
      expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(409);
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, cat.user.id));
    }
    expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(200);
  });

  it('lets exactly one of 20 circles sharing a listing be accepted when their last accepts race', async () => {
    const shared = await createListing(t.app, ann.cookie, { title: 'Shared lamp' });
    const bobs: number[] = [];
    const cats: number[] = [];
    for (let k = 0; k < 20; k++) {
      bobs.push(await createListing(t.app, bob.cookie, { title: `Race book ${k}` }));
      cats.push(await createListing(t.app, cat.cookie, { title: `Race game ${k}` }));
    }
    await putWants(t.app, ann.cookie, shared, bobs);
    for (let k = 0; k < 20; k++) {
      await putWants(t.app, bob.cookie, bobs[k] as number, [cats[k] as number]);
      await putWants(t.app, cat.cookie, cats[k] as number, [shared]);
    }
    const circleIds: number[] = [];
    for (let k = 0; k < 20; k++) {
      const created = await propose(cat, [shared, bobs[k], cats[k]]);
      expect(created.statusCode).toBe(201);
      circleIds.push(created.json().id);
      expect((await patch(ann, created.json().id, { decision: 'accept' })).statusCode).toBe(200);
    }
    const answers = await Promise.all(
      circleIds.map((id) => patch(bob, id, { decision: 'accept' })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from circles where id = any(${sql.param(circleIds)}::int[]) and status = 'accepted'`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('circle chat', () => {
  it('is for participants, live, with unread counts', async () => {
    const ids = await loop([ann, bob, cat], 'Chat');
    const { id } = (await propose(ann, ids)).json();
    const baseUrl = await listenOnLoopback(t.app);
    const stream = await openEventStream(baseUrl, cat.cookie);
    try {
      const posted = await request('POST', `/api/circles/${id}/messages`, bob, {
        content: 'Hello both',
      });
      expect(posted.statusCode).toBe(201);
      expect(posted.json().fromUser.id).toBe(bob.user.id);
      await stream.next((e) => e.type === 'circle-message' && e.circleId === id);
    } finally {
      stream.close();
    }
    expect((await circleOf(cat, id)).unreadCount).toBe(1);
    expect((await circleOf(bob, id)).unreadCount).toBe(0);
    const messages = await request('GET', `/api/circles/${id}/messages`, cat);
    expect(messages.json().map((m: { content: string }) => m.content)).toEqual(['Hello both']);
    expect((await request('POST', `/api/circles/${id}/messages/read`, cat)).json().read).toBe(1);
    expect((await circleOf(cat, id)).unreadCount).toBe(0);

    expect((await request('GET', `/api/circles/${id}/messages`, dan)).statusCode).toBe(404);
    expect(
      (await request('POST', `/api/circles/${id}/messages`, dan, { content: 'Let me in' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await request('POST', `/api/circles/${id}/messages`, bob, { content: '   ' })).statusCode,
    ).toBe(400);
  });

  it('pages back through a long group chat with `before`', async () => {
    const ids = await loop([ann, bob, cat], 'Paging');
    const { id } = (await propose(ann, ids)).json();
    const url = `/api/circles/${id}/messages`;
    const sent: number[] = [];
    for (const [who, content] of [
      [ann, 'a'],
      [bob, 'b'],
      [cat, 'c'],
      [ann, 'd'],
    ] as const) {
      sent.push((await request('POST', url, who, { content })).json().id);
    }
    const page = async (query: string) =>
      (await request('GET', `${url}?${query}`, bob))
        .json()
        .map((m: { content: string }) => m.content);
    expect(await page('limit=3')).toEqual(['b', 'c', 'd']);
    expect(await page(`limit=3&before=${sent[1]}`)).toEqual(['a']);
    expect(await page(`before=${sent[0]}`)).toEqual([]);
    expect((await request('GET', `${url}?before=-1`, bob)).json()).toEqual({
      message: 'before must be a message id',
    });
    expect((await request('GET', `${url}?before=${sent[3]}`, dan)).statusCode).toBe(404);
  });
});
