import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/push.js';
import { users } from '../../db/schema/users.js';
import { EVENTS_CHANNEL } from '../../infra/notify-channel.js';
import { hashToken } from '../../infra/tokens.js';
import {
  createPeerApp,
  createTestApp,
  listenOnLoopback,
  registerMember,
  sessionCookie,
  type TestApp,
} from '../../testing/app.js';
import { type EventStream, openEventStream } from '../../testing/event-stream.js';

/** Issue 17, findings 5 and 7: sign-out by GET from anywhere, and streams that outlived their session. */

let t: TestApp;
let peer: FastifyInstance;
let baseUrl: string;
let peerUrl: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  // The heartbeat (which re-checks the session) is far away: only the sign-out may end a stream.
  t = await createTestApp({
    RATE_LIMITS: 'false',
    EVENTS_HEARTBEAT_SECONDS: '60',
    ADMIN_EMAILS: 'sign-out-admin@example.com',
  });
  peer = await createPeerApp(t);
  baseUrl = await listenOnLoopback(t.app);
  peerUrl = await listenOnLoopback(peer);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await peer.close();
  await t.close();
});

async function signedIn(member: { input: { email: string; password: string } }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: member.input.email, password: member.input.password },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}

const isSignedIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode ===
  200;

async function stream(url: string, cookie: string) {
  const opened = await openEventStream(url, cookie);
  streams.push(opened);
  expect(opened.status).toBe(200);
  return opened;
}

/** Resolves with the milliseconds it took the stream to end, or rejects after `ms`. */
async function endsWithin(opened: EventStream, ms: number): Promise<number> {
  const started = Date.now();
  await Promise.race([
    opened.ended,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`stream still open after ${ms} ms`)), ms),
    ),
  ]);
  return Date.now() - started;
}

const stillOpen = async (opened: EventStream, ms = 300) =>
  Promise.race([
    opened.ended.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
  ]);

describe('GET /api/logout', () => {
  it.each([
    ['cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['without Sec-Fetch-Site', {}],
  ])('changes nothing for a %s request: a page with a button instead', async (_name, headers) => {
    const { cookie } = await registerMember(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, ...headers },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<form method="post" action="/api/logout">');
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it.each(['same-origin', 'none'])(
    'signs out and goes home for a %s navigation (the SPEC §4 fallback)',
    async (site) => {
      const { cookie } = await registerMember(t.app);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie, 'sec-fetch-site': site },
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
      expect(await isSignedIn(cookie)).toBe(false);
    },
  );

  it('signs out when the page’s button posts from our origin, and refuses it from another', async () => {
    const { cookie } = await registerMember(t.app);
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, ...form, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await isSignedIn(cookie)).toBe(true);
    const withBody = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(withBody.statusCode).toBe(415);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, ...form, origin: t.config.publicUrl },
    });
    expect(own.statusCode).toBe(303);
    expect(await isSignedIn(cookie)).toBe(false);
  });
});

describe('ending sessions ends their live streams on every app server', () => {
  it('closes the signed-out session’s streams within a second, and only those', async () => {
    const member = await registerMember(t.app);
    const [laptop, phone] = [await signedIn(member), await signedIn(member)];
    const onPeer = await stream(peerUrl, laptop);
    const onThis = await stream(baseUrl, laptop);
    const phoneStream = await stream(peerUrl, phone);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: laptop },
    });
    expect(out.statusCode).toBe(200);
    expect(await endsWithin(onPeer, 1000)).toBeLessThan(1000);
    expect(await endsWithin(onThis, 1000)).toBeLessThan(1000);
    expect(await stillOpen(phoneStream)).toBe(true);
    expect(await isSignedIn(phone)).toBe(true);
  });

  it('closes every session’s streams when the password is reset', async () => {
    const member = await registerMember(t.app);
    const [laptop, phone] = [await signedIn(member), await signedIn(member)];
    const streamsOfBoth = [
      await stream(peerUrl, laptop),
      await stream(baseUrl, phone),
      await stream(peerUrl, member.cookie),
    ];
    await t.db
      .update(users)
      .set({ resetToken: hashToken('reset-me'), resetTokenExpires: new Date(Date.now() + 60_000) })
      .where(eq(users.id, member.user.id));
    const reset = await peer.inject({
      method: 'POST',
      url: '/api/confirm-reset-password',
      payload: { token: 'reset-me', newPassword: 'a-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    for (const opened of streamsOfBoth) expect(await endsWithin(opened, 1000)).toBeLessThan(1000);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
  });
});

/** Sends a live event to `userId` as a service on any app server would, once this statement commits. */
async function publishTo(userId: string) {
  await t.db.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ to: [userId], event: { type: 'matches' } })})`,
  );
}

/** A push device of the member's, as POST /api/push/subscriptions stores it. */
async function addDevice(userId: string, name: string) {
  await t.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example.net/${name}-${userId}`,
    p256dh: 'key',
    auth: 'auth',
  });
}

const devicesOf = async (userId: string) =>
  (
    await t.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
  ).length;

describe('issue 36: suspension ends the member’s streams and devices everywhere', () => {
  it('ends every stream on both app servers within a second, and nothing reaches them after', async () => {
    const admin = await registerMember(t.app, { email: 'sign-out-admin@example.com' });
    const reporter = await registerMember(t.app);
    const member = await registerMember(t.app);
    const phone = await signedIn(member);
    await addDevice(member.user.id, 'laptop');
    await addDevice(member.user.id, 'phone');
    const others = await registerMember(t.app);
    await addDevice(others.user.id, 'laptop');
    const streamsOfMember = [
      await stream(baseUrl, member.cookie),
      await stream(peerUrl, member.cookie),
      await stream(peerUrl, phone),
    ];
    const bystander = await stream(peerUrl, others.cookie);
    // Both servers hand the member's events to their streams before the suspension.
    await publishTo(member.user.id);
    for (const opened of streamsOfMember) await opened.next((e) => e.type === 'matches');

    const filed = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/report`,
      headers: { cookie: reporter.cookie },
      payload: { reason: 'scam' },
    });
    expect(filed.statusCode).toBe(201);
    const started = Date.now();
    const suspended = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/member-reports/${filed.json().id}`,
      headers: { cookie: admin.cookie },
      payload: { action: 'suspend' },
    });
    expect(suspended.statusCode).toBe(200);
    // Published after the suspension committed: it must not reach the suspended member.
    await publishTo(member.user.id);
    await publishTo(others.user.id);
    const received = streamsOfMember.map((opened) => opened.received.length);
    for (const opened of streamsOfMember) expect(await endsWithin(opened, 1000)).toBeLessThan(1000);
    const endedAfterMs = Date.now() - started;
    console.info(`suspension → every stream ended ${endedAfterMs} ms after the admin's request`);
    expect(streamsOfMember.map((opened) => opened.received.length)).toEqual(received);
    for (const opened of streamsOfMember) {
      expect(opened.received.filter((e) => e.type === 'matches')).toHaveLength(1);
    }
    // Everyone else's streams stay and still hear what is theirs.
    await bystander.next((e) => e.type === 'matches');
    expect(await stillOpen(bystander)).toBe(true);
    expect(await isSignedIn(member.cookie)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    // Their push devices are gone; other members' stay.
    expect(await devicesOf(member.user.id)).toBe(0);
    expect(await devicesOf(others.user.id)).toBe(1);
  });

  it('ends the streams of a member suspended straight in the database (psql, a script)', async () => {
    const member = await registerMember(t.app);
    const streamsOfMember = [
      await stream(baseUrl, member.cookie),
      await stream(peerUrl, member.cookie),
    ];
    // The suspension and an event for the member commit together: the event arrives while each
    // server is still asking whether the member's sessions stand, and must wait, then go nowhere.
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.user.id));
      await tx.execute(
        sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ to: [member.user.id], event: { type: 'matches' } })})`,
      );
    });
    for (const opened of streamsOfMember) expect(await endsWithin(opened, 1000)).toBeLessThan(1000);
    for (const opened of streamsOfMember) expect(opened.received).toEqual([]);
  });
});

describe('issue 36: a password reset removes the member’s push devices', () => {
  it('deletes every push subscription of the member, and only theirs', async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    await addDevice(member.user.id, 'laptop');
    await addDevice(member.user.id, 'phone');
    await addDevice(other.user.id, 'laptop');
    await t.db
      .update(users)
      .set({
        resetToken: hashToken('reset-devices'),
        resetTokenExpires: new Date(Date.now() + 60_000),
      })
      .where(eq(users.id, member.user.id));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/confirm-reset-password',
      payload: { token: 'reset-devices', newPassword: 'another-secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await devicesOf(member.user.id)).toBe(0);
    expect(await devicesOf(other.user.id)).toBe(1);
  });
});
