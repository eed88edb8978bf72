import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESERVED_LISTING } from '../../../shared/policies/items.js';
import { items } from '../../db/schema/items.js';
import { rounds } from '../../db/schema/rounds.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { createListing, putWants } from '../matching/matching.testing.js';

/**
 * Issue 36: a listing a trade in progress holds (`items.reserved_by`: an accepted circle, a
 * round's entry) is what the other members agreed to swap for. Its owner can neither edit nor
 * delete it until the trade completes or is cancelled; a moderator still can.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let ann: Member;
let bob: Member;
let cat: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'reserved-admin@example.com' });
  [ann, bob, cat, admin] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app, { email: 'reserved-admin@example.com' }),
  ];
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: Member | null,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

const edit = (who: Member, itemId: number, title: string) =>
  call('PUT', `/api/items/${itemId}`, who, {
    title,
    description: 'Looked after',
    condition: 'fair',
    categoryId: '6',
  });

const rowOf = async (itemId: number) => {
  const [row] = await t.db
    .select({
      title: items.title,
      condition: items.condition,
      reservedBy: items.reservedBy,
      deletedAt: items.deletedAt,
      isActive: items.isActive,
    })
    .from(items)
    .where(eq(items.id, itemId));
  return row;
};

const circleStatus = async (id: number) =>
  (await call('GET', `/api/circles/${id}`, ann)).json().status as string;

/** Ann, Bob and Cat each want the next one's listing; Ann proposes, so only Bob and Cat answer. */
async function proposedCircle(label: string): Promise<{ id: number; ids: number[] }> {
  const members = [ann, bob, cat];
  const ids: number[] = [];
  for (const [k, member] of members.entries())
    ids.push(await createListing(t.app, member.cookie, { title: `${label} ${k + 1}` }));
  for (const [k, member] of members.entries()) {
    const next = ids[(k + 1) % ids.length] as number;
    expect((await putWants(t.app, member.cookie, ids[k] as number, [next])).statusCode).toBe(200);
  }
  const created = await call('POST', '/api/circles', ann, { itemIds: ids });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  expect((await call('PATCH', `/api/circles/${id}`, bob, { decision: 'accept' })).statusCode).toBe(
    200,
  );
  return { id, ids };
}

async function acceptedCircle(label: string) {
  const circle = await proposedCircle(label);
  const last = await call('PATCH', `/api/circles/${circle.id}`, cat, { decision: 'accept' });
  expect(last.statusCode).toBe(200);
  expect(last.json().status).toBe('accepted');
  return circle;
}

describe('a listing an accepted circle holds', () => {
  it('cannot be edited or deleted by its owner: 409 with the reason, nothing changed', async () => {
    const { id, ids } = await acceptedCircle('Held');
    const itemId = ids[0] as number;
    const before = await rowOf(itemId);
    expect(before?.reservedBy).toBe(`circle:${id}`);

    const edited = await edit(ann, itemId, 'Something else entirely');
    expect(edited.statusCode).toBe(409);
    expect(edited.json()).toEqual({ message: RESERVED_LISTING });
    const deleted = await call('DELETE', `/api/items/${itemId}`, ann);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ message: RESERVED_LISTING });

    expect(await rowOf(itemId)).toEqual(before);
    expect((await call('GET', `/api/items/${itemId}`, null)).json()).toMatchObject({
      title: 'Held 1',
      condition: 'good',
      isReserved: true,
    });
    expect(await circleStatus(id)).toBe('accepted');
    // Strangers are still told it is not theirs (403), before anything about the reservation.
    expect((await edit(bob, itemId, 'Mine now')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/items/${itemId}`, bob)).statusCode).toBe(403);
  });

  it('is the owner’s again once the circle is cancelled', async () => {
    const { id, ids } = await acceptedCircle('Cancelled');
    const cancel = await call('PATCH', `/api/circles/${id}`, bob, {
      status: 'cancelled',
      reason: 'Moved away',
    });
    expect(cancel.statusCode).toBe(200);
    const edited = await edit(ann, ids[0] as number, 'Cancelled 1, restrung');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Cancelled 1, restrung', isReserved: false });
    expect((await call('DELETE', `/api/items/${ids[1]}`, bob)).statusCode).toBe(200);
  });

  it('is the owner’s again once the circle completes (as any swapped listing)', async () => {
    const { id, ids } = await acceptedCircle('Completed');
    for (const who of [ann, bob, cat]) {
      const received = await call('PATCH', `/api/circles/${id}`, who, { received: true });
      expect(received.statusCode).toBe(200);
    }
    expect(await circleStatus(id)).toBe('completed');
    const edited = await edit(ann, ids[0] as number, 'Completed 1, swapped');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ isActive: false, isReserved: false });
    expect((await call('DELETE', `/api/items/${ids[1]}`, bob)).statusCode).toBe(200);
    // Kept for the circle's history, hidden from everyone else.
    expect((await rowOf(ids[1] as number))?.deletedAt).not.toBeNull();
  });

  it('can still be moderated: an admin edits its text, or removes it and the circle is called off', async () => {
    const { id, ids } = await acceptedCircle('Moderated');
    const itemId = ids[2] as number;
    const moderated = await call('PATCH', `/api/admin/items/${itemId}`, admin, {
      title: 'Moderated title',
    });
    expect(moderated.statusCode).toBe(200);
    expect((await rowOf(itemId))?.title).toBe('Moderated title');
    expect(await circleStatus(id)).toBe('accepted');

    const removed = await call('DELETE', `/api/admin/items/${itemId}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await rowOf(itemId))?.deletedAt).not.toBeNull();
    expect(await circleStatus(id)).toBe('cancelled');
    for (const other of ids.slice(0, 2)) expect((await rowOf(other))?.reservedBy).toBeNull();
    expect((await edit(ann, ids[0] as number, 'Free again')).statusCode).toBe(200);
  });
});

describe('a listing entered in a swap round', () => {
  it('is held while entered, and the owner’s again once withdrawn', async () => {
    const [round] = await t.db
      .insert(rounds)
      .values({
        organiserId: bob.user.id,
        title: 'Reserved round',
        seed: 3,
        state: 'open',
        joinPolicy: 'anyone',
        entriesCloseAt: new Date(Date.now() + 3600_000),
        wantsCloseAt: new Date(Date.now() + 7200_000),
        shippingDeadline: new Date(Date.now() + 86400_000),
      })
      .returning({ id: rounds.id });
    const roundId = round?.id as number;
    const itemId = await createListing(t.app, ann.cookie, { title: 'Round kettle' });
    const entry = await call('POST', `/api/rounds/${roundId}/entries`, ann, { itemId });
    expect(entry.statusCode).toBe(201);

    expect((await edit(ann, itemId, 'Round teapot')).json()).toEqual({
      message: RESERVED_LISTING,
    });
    expect((await call('DELETE', `/api/items/${itemId}`, ann)).statusCode).toBe(409);

    const withdrawn = await call(
      'DELETE',
      `/api/rounds/${roundId}/entries/${entry.json().id}`,
      ann,
    );
    expect(withdrawn.statusCode).toBeLessThan(300);
    expect((await edit(ann, itemId, 'Round teapot')).statusCode).toBe(200);
  });
});

/** Until `n` backends of this database wait for a lock. */
async function waitersReach(n: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`);
      expect(rows[0]?.n).toBe(n);
    },
    { timeout: 10_000, interval: 20 },
  );
}

/**
 * Holds `itemId`'s row lock in a transaction of its own while `first` and then `second` start and
 * queue behind it, then lets go: they take the row in that order.
 */
async function inOrder<A, B>(
  itemId: number,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const client = await t.db.$client.connect();
  try {
    await client.query('begin');
    await client.query('select id from items where id = $1 for update', [itemId]);
    const a = first();
    await waitersReach(1);
    const b = second();
    await waitersReach(2);
    await client.query('rollback');
    return [await a, await b];
  } finally {
    client.release();
  }
}

describe('an edit racing the circle’s last accept', () => {
  it('loses when the accept takes the listing first: refused, the listing as agreed', async () => {
    const { id, ids } = await proposedCircle('Race accept first');
    const itemId = ids[0] as number;
    // The edit has passed its first check (the listing was free) before it waits for the row.
    const [accepted, edited] = await inOrder(
      itemId,
      () => call('PATCH', `/api/circles/${id}`, cat, { decision: 'accept' }),
      () => edit(ann, itemId, 'Swapped out at the last moment'),
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect(edited.statusCode).toBe(409);
    expect(edited.json()).toEqual({ message: RESERVED_LISTING });
    expect(await rowOf(itemId)).toMatchObject({
      title: 'Race accept first 1',
      reservedBy: `circle:${id}`,
    });
  });

  it('wins when it takes the listing first: the circle then holds the edited listing', async () => {
    const { id, ids } = await proposedCircle('Race edit first');
    const itemId = ids[0] as number;
    const [edited, accepted] = await inOrder(
      itemId,
      () => edit(ann, itemId, 'Edited before the accept'),
      () => call('PATCH', `/api/circles/${id}`, cat, { decision: 'accept' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(accepted.statusCode).toBe(200);
    expect(await rowOf(itemId)).toMatchObject({
      title: 'Edited before the accept',
      reservedBy: `circle:${id}`,
    });
  });

  it('a delete racing the last accept: refused once the accept took the listing', async () => {
    const { id, ids } = await proposedCircle('Race delete');
    const itemId = ids[1] as number;
    const [accepted, deleted] = await inOrder(
      itemId,
      () => call('PATCH', `/api/circles/${id}`, cat, { decision: 'accept' }),
      () => call('DELETE', `/api/items/${itemId}`, bob),
    );
    expect(accepted.statusCode).toBe(200);
    expect(deleted.statusCode).toBe(409);
    expect(await rowOf(itemId)).toMatchObject({ deletedAt: null, reservedBy: `circle:${id}` });
    expect(await circleStatus(id)).toBe('accepted');
  });
});
