import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.js';
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
  t = await createTestApp({ RATE_LIMITS: 'false', EVENTS_HEARTBEAT_SECONDS: '60' });
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
