import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let owner: Member;
let sender: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'notify-admin@example.com' });
  owner = await registerMember(t.app, { nickname: `Olive${Date.now()}` });
  sender = await registerMember(t.app, { nickname: `Sam${Date.now()}` });
  admin = await registerMember(t.app, { email: 'notify-admin@example.com' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: Member,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

type Listed = { id: number; type: string; text: string; link: string; read: boolean };
const notificationsOf = async (who: Member, query = '') => {
  const response = await call('GET', `/api/notifications${query}`, who);
  expect(response.statusCode).toBe(200);
  return response.json() as { unread: number; items: Listed[] };
};

async function listing(who: Member, title: string) {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'In good order',
    condition: 'good',
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

async function offer(from: Member, itemId: number) {
  const response = await call('POST', '/api/swap-requests', from, { itemId, message: 'Swap?' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

const move = (who: Member, id: number, status: string) =>
  call('PATCH', `/api/swap-requests/${id}`, who, { status });

describe('GET /api/notifications', () => {
  it('needs a signed-in member', async () => {
    const response = await call('GET', '/api/notifications');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('tells the owner of an offer, then the sender of each answer, in plain words', async () => {
    const item = await listing(owner, 'Brass telescope');
    const before = (await notificationsOf(owner)).unread;
    const sent = await offer(sender, item.id);
    const mine = await notificationsOf(owner);
    expect(mine.unread).toBe(before + 1);
    expect(mine.items[0]).toMatchObject({
      type: 'offer-received',
      text: `${sender.input.nickname} made an offer on your listing “Brass telescope”`,
      link: '/my-offers',
      read: false,
    });
    expect(typeof (mine.items[0] as { createdAt?: string }).createdAt).toBe('string');
    // The sender did that themselves: nothing for them.
    expect((await notificationsOf(sender)).items.some((n) => n.type === 'offer-received')).toBe(
      false,
    );

    expect((await move(owner, sent.id, 'accepted')).statusCode).toBe(200);
    expect((await notificationsOf(sender)).items[0]).toMatchObject({
      type: 'offer-accepted',
      text: `${owner.input.nickname} accepted your offer on “Brass telescope”`,
    });
    expect((await move(sender, sent.id, 'completed')).statusCode).toBe(200);
    expect((await notificationsOf(owner)).items[0]).toMatchObject({
      type: 'offer-completed',
      text: `${sender.input.nickname} marked your swap of “Brass telescope” as completed. You can rate them now.`,
    });

    const rated = await call('POST', '/api/feedback', owner, {
      toUserId: sender.user.id,
      swapRequestId: sent.id,
      rating: 4,
    });
    expect(rated.statusCode).toBe(201);
    expect((await notificationsOf(sender)).items[0]).toMatchObject({
      type: 'rating',
      text: `${owner.input.nickname} rated your swap with 4 stars`,
      link: `/profile/${sender.user.id}`,
    });
  });

  it('tells the sender when an offer is declined', async () => {
    const item = await listing(owner, 'Old kettle');
    const sent = await offer(sender, item.id);
    await move(owner, sent.id, 'rejected');
    expect((await notificationsOf(sender)).items[0]).toMatchObject({
      type: 'offer-rejected',
      text: `${owner.input.nickname} declined your offer on “Old kettle”`,
    });
  });

  it('keeps one notification per conversation until it is read', async () => {
    const item = await listing(owner, 'Rowing machine');
    const sent = await offer(sender, item.id);
    const post = (content: string) =>
      call('POST', `/api/swap-requests/${sent.id}/messages`, sender, { content });
    const messages = async () =>
      (await notificationsOf(owner, '?limit=100')).items.filter((n) => n.type === 'message');
    const start = (await messages()).length;
    await post('Is it still there?');
    await post('I can collect on Sunday');
    await post('Hello?');
    const unread = await messages();
    expect(unread.length).toBe(start + 1);
    expect(unread[0]).toMatchObject({
      text: `${sender.input.nickname} sent you a message about “Rowing machine”`,
      read: false,
    });
    await call('POST', '/api/notifications/read', owner, { ids: [unread[0]?.id] });
    await post('One more thing');
    const after = await messages();
    expect(after.length).toBe(start + 2);
    expect(after[0]?.read).toBe(false);
    expect(after[1]?.read).toBe(true);
  });

  it('tells an owner when a moderator removes their listing, with the reason', async () => {
    const item = await listing(owner, 'Questionable lamp');
    await call('POST', `/api/items/${item.id}/report`, sender, { reason: 'Spam or scam' });
    const report = (await call('GET', '/api/flagged-items', admin))
      .json()
      .find((r: { itemId: number }) => r.itemId === item.id);
    await call('PATCH', `/api/admin/flagged-items/${report.id}`, admin, {
      status: 'resolved',
      removeItem: true,
    });
    expect((await notificationsOf(owner)).items[0]).toMatchObject({
      type: 'listing-removed',
      text: 'A moderator removed your listing “Questionable lamp”. Reason: Reported: Spam or scam',
    });
  });

  it('pages newest first and lists only the member’s own', async () => {
    const all = await notificationsOf(owner, '?limit=100');
    expect(all.items.length).toBeGreaterThan(3);
    const ids = all.items.map((n) => n.id);
    const firstTwo = await notificationsOf(owner, '?limit=2');
    const nextTwo = await notificationsOf(owner, '?limit=2&offset=2');
    expect([...firstTwo.items, ...nextTwo.items].map((n) => n.id)).toEqual(ids.slice(0, 4));
    const senders = (await notificationsOf(sender, '?limit=100')).items.map((n) => n.id);
    expect(senders.some((id) => ids.includes(id))).toBe(false);
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
      const response = await call('GET', `/api/notifications${query}`, owner);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the named ones read, ignores other members’ ids, then all', async () => {
    const item = await listing(owner, 'Hand drill');
    await offer(sender, item.id);
    const [first] = (await notificationsOf(owner)).items;
    const othersId = (await notificationsOf(sender)).items[0]?.id;
    const { unread } = await notificationsOf(owner);
    const response = await call('POST', '/api/notifications/read', owner, {
      ids: [first?.id, othersId],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unread: unread - 1 });
    // The sender's notification is untouched.
    const sendersNow = (await notificationsOf(sender)).items.find((n) => n.id === othersId);
    expect(sendersNow?.read).toBe(false);

    expect((await call('POST', '/api/notifications/read', owner, { all: true })).json()).toEqual({
      unread: 0,
    });
    expect((await notificationsOf(owner)).items.every((n) => n.read)).toBe(true);
  });

  it.each([
    [{}, 'Send { "ids": [...] } or { "all": true }'],
    [{ ids: [] }, 'Name at least one notification'],
    [{ all: false }, 'Send { "ids": [...] } or { "all": true }'],
    [{ ids: ['x'] }, 'Send { "ids": [...] } or { "all": true }'],
  ])('refuses %o with a message', async (body, message) => {
    const response = await call('POST', '/api/notifications/read', owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('needs a signed-in member', async () => {
    expect(
      (await call('POST', '/api/notifications/read', undefined, { all: true })).statusCode,
    ).toBe(401);
  });
});

describe('written in the transaction of their cause', () => {
  it('disappear with a change that rolls back', async () => {
    const fresh = await createTestApp({ RATE_LIMITS: 'false' });
    try {
      const a = await registerMember(fresh.app);
      const b = await registerMember(fresh.app);
      let failing = false;
      // A later listener fails: the whole change (offer and notification) must roll back.
      fresh.app.hooks.on('swap.changed', async () => {
        if (failing) throw new Error('listener failed');
      });
      const item = (
        await fresh.app.inject({
          method: 'POST',
          url: '/api/items',
          headers: { cookie: a.cookie },
          payload: { title: 'Saw', description: 'Sharp', condition: 'good' },
        })
      ).json();
      failing = true;
      const refused = await fresh.app.inject({
        method: 'POST',
        url: '/api/swap-requests',
        headers: { cookie: b.cookie },
        payload: { itemId: item.id, message: 'Swap?' },
      });
      expect(refused.statusCode).toBe(500);
      const count = async (table: string) =>
        Number(
          (await fresh.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))
            .rows[0]?.n,
        );
      expect(await count('swap_requests')).toBe(0);
      expect(await count('notifications')).toBe(0);
      expect(await count(`jobs where queue = 'notification-email'`)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('live', () => {
  it('pushes a notification event to the recipient once the change commits', async () => {
    const base = await listenOnLoopback(t.app);
    const stream = await openEventStream(base, owner.cookie);
    try {
      const item = await listing(owner, 'Camping stove');
      await offer(sender, item.id);
      await stream.next((event) => event.type === 'notification');
    } finally {
      stream.close();
    }
  });
});

describe('hooks for matches, circles and rounds', () => {
  it('turn their events into notifications for the members named', async () => {
    const item = await listing(owner, 'Banjo');
    await t.db.transaction(async (tx) => {
      await t.app.hooks.emit(tx, 'match.found', {
        userId: owner.user.id,
        kind: 'mutual',
        itemId: item.id,
        subjectKey: `match:${item.id}:1`,
        link: '/matches',
      });
      await t.app.hooks.emit(tx, 'circle.decided', {
        circleId: 7,
        userIds: [owner.user.id, sender.user.id],
        actorId: sender.user.id,
        decision: 'accepted',
        link: '/circles/7',
      });
      await t.app.hooks.emit(tx, 'round.phase', {
        roundId: 3,
        title: 'Spring swap',
        userIds: [owner.user.id, 'no-such-member'],
        phase: 'open',
        link: '/rounds/3',
      });
    });
    const items = (await notificationsOf(owner)).items.slice(0, 3);
    expect(items.map((n) => [n.type, n.text, n.link])).toEqual([
      ['round', 'The swap round “Spring swap” is open: add your want lists', '/rounds/3'],
      [
        'circle',
        `${sender.input.nickname} accepted their part in a swap circle you are in`,
        '/circles/7',
      ],
      [
        'match',
        'New mutual match: someone wants your “Banjo” and has something you want',
        '/matches',
      ],
    ]);
    // The member who decided is not told of their own decision.
    expect((await notificationsOf(sender)).items.some((n) => n.type === 'circle')).toBe(false);
  });
});
