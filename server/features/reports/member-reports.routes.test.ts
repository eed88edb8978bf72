import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let admin: Member;
let reporter: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'reports-admin@example.com' });
  admin = await registerMember(t.app, { email: 'reports-admin@example.com' });
  reporter = await registerMember(t.app);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  who?: Member | { cookie: string },
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const report = (who: Member | undefined, member: Member, body: object = { reason: 'spam' }) =>
  call('POST', `/api/users/${member.user.id}/report`, who, body);

type Entry = {
  id: number;
  status: string;
  reason: string;
  member: { id: string; email: string; suspended: boolean };
  reporter: { id: string };
  reportsAgainstMember: number;
  recentActivity: Array<{ type: string }>;
};
const queue = async () => (await call('GET', '/api/admin/member-reports', admin)).json() as Entry[];

async function reportedEntry(member: Member, body: object = { reason: 'harassment' }) {
  const response = await report(reporter, member, body);
  expect(response.statusCode).toBe(201);
  const entry = (await queue()).find((e) => e.id === response.json().id);
  if (!entry) throw new Error('report not in the queue');
  return entry;
}

describe('POST /api/users/:id/report', () => {
  it('files a report once per reporter and member', async () => {
    const member = await registerMember(t.app);
    const first = await report(reporter, member, {
      reason: 'scam',
      description: 'Asked me to pay a deposit by bank transfer',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), status: 'pending' });
    const second = await report(reporter, member, { reason: 'spam' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You have already reported this member' });
    // Someone else may report the same member.
    expect((await report(await registerMember(t.app), member)).statusCode).toBe(201);
  });

  it('needs a signed-in member, another member, a known member and a listed reason', async () => {
    const member = await registerMember(t.app);
    expect((await report(undefined, member)).statusCode).toBe(401);
    const self = await report(member, member);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot report yourself' });
    const unknown = await call('POST', '/api/users/nobody/report', reporter, { reason: 'spam' });
    expect(unknown.statusCode).toBe(404);
    for (const [body, message] of [
      [{}, 'Choose a reason: spam, scam, harassment, inappropriate or other'],
      [{ reason: 'rude' }, 'Choose a reason: spam, scam, harassment, inappropriate or other'],
      [
        { reason: 'other', description: 'x'.repeat(1001) },
        'The description must be at most 1000 characters',
      ],
    ] as const) {
      const response = await report(reporter, member, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });
});

describe('the admin queue of member reports', () => {
  it('lists reports with the member (email included) and their recent activity', async () => {
    const member = await registerMember(t.app);
    await call('POST', '/api/items', member, {
      title: 'Suspicious watch',
      description: 'Brand new',
      condition: 'new',
    });
    const entry = await reportedEntry(member);
    expect(entry).toMatchObject({
      status: 'pending',
      reason: 'harassment',
      reporter: { id: reporter.user.id },
      member: { id: member.user.id, email: member.input.email, suspended: false },
      reportsAgainstMember: 1,
    });
    expect(entry.recentActivity.map((a) => a.type)).toEqual(['listed']);
    // Members cannot read the queue.
    expect((await call('GET', '/api/admin/member-reports', reporter)).statusCode).toBe(403);
  });

  it('warns: the member gets a notification that says why', async () => {
    const member = await registerMember(t.app);
    const entry = await reportedEntry(member, { reason: 'spam' });
    const handled = await call('PATCH', `/api/admin/member-reports/${entry.id}`, admin, {
      action: 'warn',
      message: 'Please stop sending the same offer to everyone.',
    });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toEqual({ id: entry.id, status: 'warned' });
    const [notice] = (await call('GET', '/api/notifications', member)).json().items;
    expect(notice).toMatchObject({
      type: 'account-warning',
      text: 'A moderator warned you after a report (spam): Please stop sending the same offer to everyone.',
    });
    // Handled once.
    const again = await call('PATCH', `/api/admin/member-reports/${entry.id}`, admin, {
      action: 'dismiss',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This report was already handled' });
  });

  it('suspends: sessions end, sign-in is refused clearly, listings are hidden', async () => {
    const member = await registerMember(t.app);
    const listing = (
      await call('POST', '/api/items', member, {
        title: 'Hidden after suspension',
        description: 'Gone soon',
        condition: 'good',
      })
    ).json();
    const entry = await reportedEntry(member);
    const handled = await call('PATCH', `/api/admin/member-reports/${entry.id}`, admin, {
      action: 'suspend',
    });
    expect(handled.json()).toEqual({ id: entry.id, status: 'suspended' });

    expect((await call('GET', '/api/auth/user', member)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: member.input.email, password: member.input.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({
      message:
        'This account has been suspended by a moderator. If you think this is a mistake, please contact us.',
    });
    // A wrong password still gets the usual answer: the suspension is no one else's business.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: member.input.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);

    const browse = (
      await t.app.inject({ method: 'GET', url: '/api/items?search=suspension' })
    ).json();
    expect(browse).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/items/${listing.id}` })).statusCode,
    ).toBe(404);
    const offer = await call('POST', '/api/swap-requests', reporter, {
      itemId: listing.id,
      message: 'Swap?',
    });
    expect(offer.statusCode).toBe(404);
    // Admins still see it, to review.
    expect((await call('GET', `/api/items/${listing.id}`, admin)).statusCode).toBe(200);
    expect((await queue()).find((e) => e.id === entry.id)?.member.suspended).toBe(true);
  });

  it('dismisses, and refuses unknown reports and actions', async () => {
    const member = await registerMember(t.app);
    const entry = await reportedEntry(member);
    const dismissed = await call('PATCH', `/api/admin/member-reports/${entry.id}`, admin, {
      action: 'dismiss',
    });
    expect(dismissed.json()).toEqual({ id: entry.id, status: 'dismissed' });
    expect((await call('GET', '/api/auth/user', member)).statusCode).toBe(200);
    expect(
      (await call('PATCH', '/api/admin/member-reports/999999', admin, { action: 'dismiss' }))
        .statusCode,
    ).toBe(404);
    const bad = await call('PATCH', `/api/admin/member-reports/${entry.id}`, admin, {
      action: 'ban',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'action must be warn, suspend or dismiss' });
  });
});
