import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LONGER_AVAILABLE } from '../../../shared/policies/items.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import {
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { lockAvailableItems, releaseReservations, reserveItems } from '../items/availability.js';

/** Issue 17, finding 1: the same object could be swapped twice. */

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let owner: Member;
let first: Member;
let second: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  [owner, first, second] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who: Member, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
}

async function listItem(who: Member = owner, title = 'Bicycle') {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Blue, 21 gears',
    condition: 'good',
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: number };
}

async function offer(itemId: number, from: Member, extra: object = {}) {
  const response = await call('POST', '/api/swap-requests', from, {
    itemId,
    message: 'Swap?',
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: number };
}

const move = (id: number, status: string, who: Member) =>
  call('PATCH', `/api/swap-requests/${id}`, who, { status });

/** Completed offers naming the listing, on either side, in any place (issue 38's bundles). */
async function completedSwapsOf(itemId: number): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(distinct s.id)::int as n from swap_requests s
      join swap_request_items l on l.request_id = s.id
     where s.status = 'completed' and l.item_id = ${itemId}`);
  return Number(rows[0]?.n);
}

describe('one item, one swap', () => {
  it('closes the other offers when a swap completes: no second accept, completion or rating', async () => {
    const item = await listItem();
    const a = await offer(item.id, first);
    const b = await offer(item.id, second);
    expect((await move(a.id, 'accepted', owner)).statusCode).toBe(200);
    expect((await move(a.id, 'completed', first)).statusCode).toBe(200);

    const closed = (await call('GET', `/api/swap-requests/${b.id}`, second)).json();
    expect(closed).toMatchObject({ status: 'rejected', closedReason: NO_LONGER_AVAILABLE });
    const accept = await move(b.id, 'accepted', owner);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(NO_LONGER_AVAILABLE);
    expect((await move(b.id, 'completed', second)).statusCode).toBe(409);
    const rating = await call('POST', '/api/feedback', second, {
      toUserId: owner.user.id,
      swapRequestId: b.id,
      rating: 5,
    });
    expect(rating.statusCode).toBe(409);
    expect((await call('GET', `/api/users/${second.user.id}/swap-stats`, second)).json()).toEqual({
      totalSwaps: 0,
    });
    expect(await completedSwapsOf(item.id)).toBe(1);
  });

  it('closes offers where the swapped listing was the one offered, and tells their members live', async () => {
    const wanted = await listItem(owner, 'Kayak');
    const mine = await listItem(first, 'Tent');
    const elsewhere = await listItem(second, 'Paddle');
    const base = await listenOnLoopback(t.app);
    const stream = await openEventStream(base, second.cookie);
    try {
      // `first` offers the tent for the kayak, and also for `second`'s paddle.
      const a = await offer(wanted.id, first, { offeredItemId: mine.id });
      const b = await offer(elsewhere.id, first, { offeredItemId: mine.id });
      await move(a.id, 'accepted', owner);
      await move(a.id, 'completed', owner);
      await stream.next((e) => e.type === 'swap-request' && e.swapRequestId === b.id);
      const closed = (await call('GET', `/api/swap-requests/${b.id}`, second)).json();
      expect(closed).toMatchObject({ status: 'rejected', closedReason: NO_LONGER_AVAILABLE });
      const accept = await move(b.id, 'accepted', second);
      expect(accept.statusCode).toBe(409);
    } finally {
      stream.close();
    }
  });

  it('never completes two swaps of one listing: a completion raced against another accept, 50 times', async () => {
    const refusals = new Set<string>();
    for (let round = 0; round < 50; round++) {
      const item = await listItem(owner, `Race ${round}`);
      const a = await offer(item.id, first);
      const b = await offer(item.id, second);
      expect((await move(a.id, 'accepted', owner)).statusCode).toBe(200);
      const [completion, acceptance] = await Promise.all([
        move(a.id, 'completed', first),
        move(b.id, 'accepted', owner),
      ]);
      expect(completion.statusCode, completion.body).toBe(200);
      // The accepted offer holds the listing until it completes; then it is gone (issue 38).
      expect(acceptance.statusCode, acceptance.body).toBe(409);
      refusals.add(acceptance.json().message);
      const late = (await call('GET', `/api/swap-requests/${b.id}`, second)).json();
      expect(late).toMatchObject({ status: 'rejected', closedReason: NO_LONGER_AVAILABLE });
      expect((await move(b.id, 'completed', second)).statusCode).toBe(409);
      expect(await completedSwapsOf(item.id)).toBe(1);
    }
    for (const message of refusals)
      expect([
        '“Race” is reserved for another trade',
        '“Race” is no longer available',
        NO_LONGER_AVAILABLE,
      ]).toContain(message.replace(/ \d+”/, '”'));
  }, 120_000);

  it('accepts exactly one of two offers sharing a listing, accepted at once (bundles and single offers), 50 times', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 50; round++) {
      // Even rounds: two single offers on one listing; odd rounds: two bundles, each with
      // another listing of the owner and one of the sender's own, sharing the middle one.
      const shared = await listItem(owner, `Shared ${round}`);
      const bundles = round % 2 === 1;
      const ask = async (from: Member) => {
        if (!bundles) return offer(shared.id, from);
        const extra = await listItem(owner, `Extra ${round}`);
        const own = await listItem(from, `Own ${round}`);
        const response = await call('POST', '/api/swap-requests', from, {
          itemIds: [extra.id, shared.id],
          offeredItemIds: [own.id],
          message: 'These?',
        });
        if (response.statusCode !== 201) throw new Error(response.body);
        return response.json() as { id: number };
      };
      const a = await ask(first);
      const b = await ask(second);
      const answers = await Promise.all([
        move(a.id, 'accepted', owner),
        move(b.id, 'accepted', owner),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = answers[0]?.statusCode === 200 ? b : a;
      const winner = loser === a ? b : a;
      outcomes.add(loser === a ? 'b won' : 'a won');
      expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(
        `“Shared ${round}” is reserved for another trade`,
      );
      const [row] = await t.db
        .select({ reservedBy: items.reservedBy })
        .from(items)
        .where(eq(items.id, shared.id));
      expect(row?.reservedBy).toBe(`offer:${winner.id}`);
      // The other stays pending, and can never be accepted while the first holds the listing.
      expect((await move(loser.id, 'accepted', owner)).statusCode).toBe(409);
      const completed = await move(winner.id, 'completed', owner);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(await completedSwapsOf(shared.id)).toBe(1);
      expect((await move(loser.id, 'accepted', owner)).json().message).toBe(NO_LONGER_AVAILABLE);
    }
    // Either may win; exactly one does.
    expect(outcomes.size).toBeGreaterThan(0);
  }, 180_000);

  it('ends an accepted offer once when a completion and a cancellation race, 50 times', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 50; round++) {
      const item = await listItem(owner, `Either ${round}`);
      const a = await offer(item.id, first);
      expect((await move(a.id, 'accepted', owner)).statusCode).toBe(200);
      const [completion, cancellation] = await Promise.all([
        move(a.id, 'completed', first),
        call('PATCH', `/api/swap-requests/${a.id}`, owner, {
          status: 'cancelled',
          reason: 'Sold it at the fair',
        }),
      ]);
      expect([completion.statusCode, cancellation.statusCode].sort()).toEqual([200, 409]);
      const [row] = await t.db
        .select({ isActive: items.isActive, reservedBy: items.reservedBy })
        .from(items)
        .where(eq(items.id, item.id));
      if (completion.statusCode === 200) {
        outcomes.add('completed');
        expect(row).toEqual({ isActive: false, reservedBy: null });
        expect(await completedSwapsOf(item.id)).toBe(1);
      } else {
        outcomes.add('cancelled');
        // Free again: on the market and for another offer to take.
        expect(row).toEqual({ isActive: true, reservedBy: null });
        expect(await completedSwapsOf(item.id)).toBe(0);
        const b = await offer(item.id, second);
        expect((await move(b.id, 'accepted', owner)).statusCode).toBe(200);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  }, 180_000);

  it('refuses to accept or complete an offer whose listing another trade has reserved', async () => {
    const item = await listItem(owner, 'Reserved lamp');
    const a = await offer(item.id, first);
    await t.db.transaction((tx) => reserveItems(tx, [item.id], 'circle:7'));
    const accept = await move(a.id, 'accepted', owner);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('“Reserved lamp” is reserved for another trade');
    // The holder itself passes the check; a second holder cannot reserve it.
    await t.db.transaction((tx) => lockAvailableItems(tx, [item.id], { heldBy: 'circle:7' }));
    await expect(
      t.db.transaction((tx) => reserveItems(tx, [item.id], 'round:1')),
    ).rejects.toMatchObject({ statusCode: 409 });
    await t.db.transaction((tx) => releaseReservations(tx, 'circle:7'));
    expect((await move(a.id, 'accepted', owner)).statusCode).toBe(200);
  });

  it('refuses to trade a listing while its owner is suspended, and again once they are not', async () => {
    const member = await registerMember(t.app);
    const wanted = await listItem(owner, 'Toaster');
    const kettle = await listItem(member, 'Suspended kettle');
    const pending = await offer(wanted.id, member, { offeredItemId: kettle.id });
    const suspend = (at: Date | null) =>
      t.db.update(users).set({ suspendedAt: at }).where(eq(users.id, member.user.id));
    await suspend(new Date());
    const refused = await move(pending.id, 'accepted', owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('“Suspended kettle” is no longer available');
    await suspend(null);
    expect((await move(pending.id, 'accepted', owner)).statusCode).toBe(200);
  });
});
