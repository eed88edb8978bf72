import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVisits } from '../../db/schema/analytics.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { jpegDataUrl } from '../../testing/images.js';
import { purgeOldVisits } from '../analytics/analytics.service.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let admin: Member;
let member: Member;
let other: Member;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  admin = await registerMember(t.app, { email: 'chief@example.com' });
  [member, other] = [await registerMember(t.app), await registerMember(t.app)];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function listItem(who: Member, title = 'Desk lamp') {
  return (
    await call('POST', '/api/items', who, { title, description: 'Works fine', condition: 'good' })
  ).json() as {
    id: number;
  };
}

const ADMIN_ROUTES: Array<[Method, string, object?]> = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/visitor-analytics'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/items'],
  ['GET', '/api/admin/feedback'],
  ['GET', '/api/admin/messages'],
  ['GET', '/api/flagged-items'],
  ['GET', '/api/admin/export/users'],
  ['DELETE', '/api/admin/feedback/1'],
  ['DELETE', '/api/admin/messages/1'],
  ['DELETE', '/api/admin/items/1'],
  ['PATCH', '/api/admin/items/1', { title: 'x' }],
  ['PATCH', '/api/admin/users/x/profile', { bio: 'x' }],
  ['PATCH', '/api/admin/flagged-items/1', { status: 'dismissed' }],
];

describe('admin access', () => {
  it.each(ADMIN_ROUTES)(
    '%s %s: 401 signed out, 403 for members, not refused for admins',
    async (method, url, body) => {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      const asMember = await call(method, url, member, body);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toEqual({ message: 'You need admin privileges to do that' });
      const asAdmin = await call(method, url, admin, body);
      expect([200, 201, 404]).toContain(asAdmin.statusCode);
    },
  );

  it.each([
    '/api/admin/stats/',
    '//api/admin/stats',
    '/API/ADMIN/STATS',
    '/api/admin/stats;x',
    '/api/%61dmin/stats',
    '/api/admin/./stats',
  ])('gives members nothing through the variant %s', async (url) => {
    const response = await call('GET', url, member);
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toContain('totalUsers');
  });
});

describe('page views and visitor count', () => {
  it('counts page views of people, not of bots or the API', async () => {
    const before = (await call('GET', '/api/unique-visitor-count')).json().totalPageViews;
    const view = (path: string, ua: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/page-views',
        payload: { path },
        headers: { 'user-agent': ua, cookie: member.cookie },
      });
    expect((await view('/browse', 'Mozilla/5.0 Chrome/120')).json()).toEqual({ counted: true });
    expect(
      (await view('/browse', 'Googlebot/2.1 (+http://www.google.com/bot.html)')).json(),
    ).toEqual({ counted: false });
    expect((await view('/api/items', 'Mozilla/5.0')).json()).toEqual({ counted: false });
    expect((await view('no-slash', 'Mozilla/5.0')).statusCode).toBe(400);
    expect((await call('GET', '/api/unique-visitor-count')).json()).toEqual({
      totalPageViews: before + 1,
    });
    const [row] = await t.db.select().from(siteVisits).where(eq(siteVisits.path, '/browse'));
    expect(row).toMatchObject({ userId: member.user.id, ipAddress: '127.0.0.1' });
  });

  it('purges visits older than the retention period', async () => {
    await t.db.insert(siteVisits).values({
      path: '/old',
      ipAddress: '10.0.0.1',
      createdAt: new Date(Date.now() - 91 * 86_400_000),
    });
    await purgeOldVisits(t.db, 90);
    expect(await t.db.select().from(siteVisits).where(eq(siteVisits.path, '/old'))).toEqual([]);
  });
});

describe('stats and analytics arithmetic', () => {
  it('counts users, verified members, items, completed swaps and visits by day', async () => {
    const fresh = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    try {
      const boss = await registerMember(fresh.app, { email: 'boss@example.com' });
      const a = await registerMember(fresh.app);
      const b = await registerMember(fresh.app);
      await fresh.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, a.user.id));
      const as = (method: Method, url: string, who: Member, payload?: object) =>
        fresh.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
      const item = (
        await as('POST', '/api/items', a, { title: 'Vase', description: 'Blue', condition: 'new' })
      ).json();
      await as('POST', '/api/items', a, { title: 'Bowl', description: 'Red', condition: 'new' });
      const offer = (
        await as('POST', '/api/swap-requests', b, { itemId: item.id, message: 'Swap?' })
      ).json();
      await as('PATCH', `/api/swap-requests/${offer.id}`, a, { status: 'accepted' });
      await as('PATCH', `/api/swap-requests/${offer.id}`, b, { status: 'completed' });

      const day = 86_400_000;
      const now = Date.now();
      const visit = (ip: string, agoMs: number, path = '/', userId: string | null = null) => ({
        ipAddress: ip,
        path,
        userId,
        createdAt: new Date(now - agoMs),
      });
      await fresh.db
        .insert(siteVisits)
        .values([
          visit('1.1.1.1', 60_000, '/', a.user.id),
          visit('1.1.1.1', 120_000, '/browse', a.user.id),
          visit('2.2.2.2', 2 * day),
          visit('2.2.2.2', 2 * day + 1000, '/help'),
          visit('3.3.3.3', 5 * day),
          visit('4.4.4.4', 30 * day),
        ]);

      const stats = (await as('GET', '/api/admin/stats', boss)).json();
      expect(stats).toMatchObject({
        totalUsers: 3,
        totalMembers: 1,
        totalItems: 2,
        totalSwaps: 1,
        recentVisits: 2,
      });
      expect(stats.dailyVisits).toHaveLength(7);
      const byDate = Object.fromEntries(
        stats.dailyVisits.map((d: { date: string; count: number }) => [d.date, d.count]),
      );
      const iso = (ago: number) => new Date(now - ago * day).toISOString().slice(0, 10);
      expect(byDate[iso(0)]).toBe(2);
      expect(byDate[iso(2)]).toBe(2);
      expect(byDate[iso(5)]).toBe(1);
      expect(stats.dailyVisits.filter((d: { count: number }) => d.count === 0)).toHaveLength(4);

      const analytics = (await as('GET', '/api/admin/visitor-analytics', boss)).json();
      expect(analytics).toMatchObject({
        uniqueIPAddresses: 4,
        totalPageViews: 6,
        uniqueRegisteredUsers: 1,
        anonymousVisits: 4,
      });
      expect(analytics.topVisitorIPs.slice(0, 2)).toEqual([
        { ipAddress: '1.1.1.1', visitCount: 2, uniquePagesVisited: 2 },
        { ipAddress: '2.2.2.2', visitCount: 2, uniquePagesVisited: 2 },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('lists only the top five addresses, busiest first', async () => {
    const values = Array.from({ length: 7 }, (_, i) =>
      Array.from({ length: i + 1 }, () => ({
        ipAddress: `9.9.9.${i}`,
        path: '/',
        createdAt: new Date(),
      })),
    ).flat();
    await t.db.insert(siteVisits).values(values);
    const top = (await call('GET', '/api/admin/visitor-analytics', admin)).json().topVisitorIPs;
    expect(top).toHaveLength(5);
    expect(top.map((r: { ipAddress: string }) => r.ipAddress)).toEqual([
      '9.9.9.6',
      '9.9.9.5',
      '9.9.9.4',
      '9.9.9.3',
      '9.9.9.2',
    ]);
  });
});

describe('moderation', () => {
  it('shows admins every account with emails', async () => {
    const list = (await call('GET', '/api/admin/users', admin)).json();
    expect(list.map((u: { email: string }) => u.email)).toContain(member.input.email);
  });

  it('edits an item (banned words still refused) and deletes it', async () => {
    const item = await listItem(member);
    const banned = await call('PATCH', `/api/admin/items/${item.id}`, admin, {
      title: 'Fake watch',
    });
    expect(banned.statusCode).toBe(400);
    expect(banned.json().message).toContain('not allowed');
    const edited = await call('PATCH', `/api/admin/items/${item.id}`, admin, {
      title: 'Reading lamp',
      wantedItems: 'Books',
    });
    expect(edited.json()).toMatchObject({
      title: 'Reading lamp',
      wantedItems: 'Books',
      description: 'Works fine',
    });
    expect((await call('DELETE', `/api/admin/items/${item.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/items/${item.id}`, admin)).statusCode).toBe(404);
  });

  it("edits a member's profile, keeping nicknames unique", async () => {
    const response = await call('PATCH', `/api/admin/users/${member.user.id}/profile`, admin, {
      bio: 'Edited by a moderator',
      profileImageUrl: '⭐',
      isAdmin: true,
    });
    expect(response.json()).toMatchObject({ id: member.user.id, profileImageUrl: '⭐' });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ bio: 'Edited by a moderator', isAdmin: false });
    const clash = await call('PATCH', `/api/admin/users/${member.user.id}/profile`, admin, {
      nickname: other.input.nickname.toUpperCase(),
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await call('PATCH', '/api/admin/users/nobody/profile', admin, { bio: 'x' })).statusCode,
    ).toBe(404);
    const badPicture = await call('PATCH', `/api/admin/users/${member.user.id}/profile`, admin, {
      profileImageUrl: 'javascript:alert(1)',
    });
    expect(badPicture.statusCode).toBe(400);
  });

  it("deletes the member's uploaded picture when an admin replaces it", async () => {
    const uploaded = await call('PATCH', '/api/users/profile', member, {
      profileImageUrl: await jpegDataUrl(80, 80),
    });
    const pictureUrl = uploaded.json().profileImageUrl as string;
    expect((await call('GET', pictureUrl)).statusCode).toBe(200);
    const edited = await call('PATCH', `/api/admin/users/${member.user.id}/profile`, admin, {
      profileImageUrl: '🙂',
    });
    expect(edited.json()).toMatchObject({ profileImageUrl: '🙂', email: member.input.email });
    expect((await call('GET', pictureUrl)).statusCode).toBe(404);
    expect((await call('GET', `${pictureUrl}/thumb`)).statusCode).toBe(404);
  });

  it("refuses to point a member's picture at another image", async () => {
    const other = await call('PATCH', '/api/users/profile', admin, {
      profileImageUrl: await jpegDataUrl(40, 40),
    });
    const response = await call('PATCH', `/api/admin/users/${member.user.id}/profile`, admin, {
      profileImageUrl: other.json().profileImageUrl,
    });
    expect(response.statusCode).toBe(400);
  });

  it('deletes feedback and messages, newest messages first, 50 to a page', async () => {
    const item = await listItem(member);
    const offer = (
      await call('POST', '/api/swap-requests', other, { itemId: item.id, message: 'Swap?' })
    ).json();
    for (let i = 0; i < 52; i++)
      await call('POST', `/api/swap-requests/${offer.id}/messages`, other, {
        content: `Message ${i}`,
      });
    const messages = (await call('GET', '/api/admin/messages', admin)).json();
    expect(messages).toHaveLength(50);
    expect(messages[0].content).toBe('Message 51');
    const next = (await call('GET', '/api/admin/messages?offset=50', admin)).json();
    expect(next.map((m: { content: string }) => m.content)).toContain('Message 0');
    expect((await call('DELETE', `/api/admin/messages/${messages[0].id}`, admin)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/admin/messages', admin)).json()[0].content).toBe('Message 50');

    await call('PATCH', `/api/swap-requests/${offer.id}`, member, { status: 'accepted' });
    await call('PATCH', `/api/swap-requests/${offer.id}`, other, { status: 'completed' });
    const rating = (
      await call('POST', '/api/feedback', other, {
        toUserId: member.user.id,
        swapRequestId: offer.id,
        rating: 1,
      })
    ).json();
    expect((await call('DELETE', `/api/admin/feedback/${rating.id}`, admin)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/users/${member.user.id}/rating-stats`)).json().totalRatings,
    ).toBe(0);
  });

  it('downloads CSV exports with formulas defused', async () => {
    await call('PATCH', '/api/users/profile', other, { location: '=cmd|calc' });
    for (const kind of ['users', 'items', 'swaps', 'visits']) {
      const response = await call('GET', `/api/admin/export/${kind}`, admin);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="swapmarket-${kind}-`),
      );
    }
    const usersCsv = (await call('GET', '/api/admin/export/users', admin)).body;
    expect(usersCsv.split('\r\n')[0]).toBe(
      'id,email,nickname,firstName,lastName,location,isAdmin,verified,createdAt',
    );
    expect(usersCsv).toContain("'=cmd|calc");
    expect((await call('GET', '/api/admin/export/passwords', admin)).statusCode).toBe(400);
  });
});

describe('item reports', () => {
  it('takes one report per member and item, into a queue admins resolve', async () => {
    const item = await listItem(member, 'Suspicious watch');
    const report = (
      who: Member,
      body: object = { reason: 'Counterfeit or stolen', description: 'Looks fake' },
    ) => call('POST', `/api/items/${item.id}/report`, who, body);
    expect(
      (await call('POST', `/api/items/${item.id}/report`, undefined, { reason: 'Other' }))
        .statusCode,
    ).toBe(401);
    expect((await report(member)).statusCode).toBe(400);
    expect((await report(other, { reason: 'Because' })).json()).toEqual({
      message: 'Please choose a reason',
    });
    const created = await report(other);
    expect(created.statusCode).toBe(201);
    expect(created.json().status).toBe('pending');
    expect((await report(other)).statusCode).toBe(409);
    expect((await report(admin, { reason: 'Other' })).statusCode).toBe(201);

    const queue = (await call('GET', '/api/flagged-items', admin)).json();
    const mine = queue.filter((r: { itemId: number }) => r.itemId === item.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ status: 'pending', item: { title: 'Suspicious watch' } });

    const [first, second] = mine;
    const dismissed = await call('PATCH', `/api/admin/flagged-items/${first.id}`, admin, {
      status: 'dismissed',
    });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', itemRemoved: false });
    expect(
      (await call('PATCH', `/api/admin/flagged-items/${first.id}`, admin, { status: 'resolved' }))
        .statusCode,
    ).toBe(409);
    const resolved = await call('PATCH', `/api/admin/flagged-items/${second.id}`, admin, {
      status: 'resolved',
      removeItem: true,
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved', itemRemoved: true });
    expect(await t.db.select().from(items).where(eq(items.id, item.id))).toEqual([]);
  });

  it('records a report with the default pending status in the database', async () => {
    const item = await listItem(member, 'Odd vase');
    await call('POST', `/api/items/${item.id}/report`, other, { reason: 'Other' });
    const { rows } = await t.db.execute<{ status: string }>(
      sql`select status from flagged_items where item_id = ${item.id}`,
    );
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
