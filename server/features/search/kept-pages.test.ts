import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPeerApp, createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { browserKeys } from '../../testing/push-service.js';

/**
 * Issue 19 §1: listings (GET /api/items/:id) and pages are kept per app server as the bytes they
 * send, for at most SEARCH_CACHE_MS; any change to what they show, however made, makes every
 * server forget them (the triggers' notices, migration 0022), and a write's author reads it back
 * at once on the server that answered it.
 */

/** Whether `read` was answered from memory: not one statement reached the database. */
async function answeredFromMemory(read: () => Promise<unknown>): Promise<boolean> {
  const sent = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await read();
    // The listening connection's own check of its link is not a read.
    return sent.mock.calls.every(([text]) => text === 'select 1');
  } finally {
    sent.mockRestore();
  }
}
describe('listings and pages cached as bytes on two app servers', () => {
  let t: TestApp;
  let peer: FastifyInstance;
  let owner: { cookie: string; user: { id: string } };
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CACHE_MS: '1000', ADMIN_EMAILS: 'cache-admin@example.com' });
    peer = await createPeerApp(t);
    owner = await registerMember(t.app);
    admin = await registerMember(t.app, { email: 'cache-admin@example.com' });
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const list = async (title: string) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: owner.cookie },
      payload: { title, description: 'Cached?', condition: 'good', isOpenToOffers: true },
    });
    expect(made.statusCode).toBe(201);
    return made.json().id as number;
  };
  const get = (app: FastifyInstance, url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const title = async (app: FastifyInstance, id: number) =>
    (await get(app, `/api/items/${id}`)).json().title as string;
  const until = async (check: () => Promise<boolean>, withinMs: number) => {
    const started = Date.now();
    while (!(await check())) {
      expect(Date.now() - started).toBeLessThan(withinMs);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('answers a listing and a page with the JSON the schema makes, typed as JSON', async () => {
    const id = await list('Cached sousaphone');
    for (const url of [`/api/items/${id}`, '/api/items?search=sousaphone']) {
      const first = await get(t.app, url);
      const again = await get(t.app, url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.body).toBe(first.body);
    }
    const detail = (await get(t.app, `/api/items/${id}`)).json();
    expect(detail).toMatchObject({ id, title: 'Cached sousaphone', description: 'Cached?' });
    expect(detail).not.toHaveProperty('latitude');
  });

  it('serves a listing from memory, and forgets it on both servers the moment it changes', async () => {
    const id = await list('Cornet');
    expect(await title(peer, id)).toBe('Cornet');
    expect(await answeredFromMemory(() => title(peer, id))).toBe(true);
    // Behind both servers' backs, in SQL: the triggers still tell them.
    await t.db.execute(sql`update items set title = 'Cornet (renamed in SQL)' where id = ${id}`);
    await until(async () => (await title(peer, id)) === 'Cornet (renamed in SQL)', 1100);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${id}`,
      headers: { cookie: owner.cookie },
      payload: {
        title: 'Cornet in B flat',
        description: 'Cached?',
        categoryId: '2',
        condition: 'good',
        isOpenToOffers: true,
        images: [],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(await title(t.app, id)).toBe('Cornet in B flat');
    await until(async () => (await title(peer, id)) === 'Cornet in B flat', 1100);
  });

  it('forgets pages and listings when what they show of the owner changes (a profile edit)', async () => {
    const id = await list('Flugelhorn');
    const nickname = async (app: FastifyInstance, url: string) => {
      const body = (await get(app, url)).json();
      return (Array.isArray(body) ? body[0] : body).user.nickname as string;
    };
    const before = await nickname(t.app, `/api/items/${id}`);
    expect(await nickname(t.app, '/api/items?search=flugelhorn')).toBe(before);
    const renamed = `horn${Date.now()}`;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: owner.cookie },
      payload: { nickname: renamed, bio: '', location: '' },
    });
    expect(patched.statusCode).toBe(200);
    // A profile edit changes no listing: the owners' trigger tells every server.
    expect(await nickname(t.app, `/api/items/${id}`)).toBe(renamed);
    expect(await nickname(t.app, '/api/items?search=flugelhorn')).toBe(renamed);
    await until(async () => (await nickname(peer, `/api/items/${id}`)) === renamed, 1100);
  });

  it('keeps pages and listings across page views and sign-ins, not across a profile edit', async () => {
    const other = await registerMember(t.app);
    const id = await list('Bombardino');
    const page = async () => (await get(t.app, '/api/items?search=bombardino')).json()[0].title;
    expect(await title(t.app, id)).toBe('Bombardino');
    expect(await page()).toBe('Bombardino');
    // A visitor's click reports a page view; members sign in and out: none of it changes a
    // listing, and none of it may empty the caches (one per click would, all day long).
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/page-views',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' },
      payload: { path: `/item/${id}` },
    });
    expect(view.statusCode).toBeLessThan(300);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: other.input.email, password: other.input.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await answeredFromMemory(() => title(t.app, id))).toBe(true);
    expect(await answeredFromMemory(page)).toBe(true);
    // A write that changes what they show forgets them at once (here: the owner's nickname).
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: owner.cookie },
      payload: { nickname: `bomb${Date.now()}`, bio: '', location: '' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await answeredFromMemory(() => title(t.app, id))).toBe(false);
    expect(await answeredFromMemory(page)).toBe(false);
  });

  it('answers a signed-in member from memory without looking their session up', async () => {
    const id = await list('Sackbut');
    const urls = [
      `/api/items/${id}`,
      '/api/items?search=sackbut',
      '/api/items/facets?search=sackbut',
    ];
    for (const url of urls) expect((await get(t.app, url, owner.cookie)).statusCode).toBe(200);
    // The cached bytes are the same for everyone: no query at all, not even the session's.
    for (const url of urls)
      expect(await answeredFromMemory(() => get(t.app, url, owner.cookie))).toBe(true);
  });

  it('checks a suspended owner against each viewer, even for a listing held in memory', async () => {
    const id = await list('Euphonium');
    expect((await get(peer, `/api/items/${id}`)).statusCode).toBe(200);
    await t.db.execute(sql`update users set suspended_at = now() where id = ${owner.user.id}`);
    await until(async () => (await get(peer, `/api/items/${id}`)).statusCode === 404, 1100);
    // The same entry, still fresh, answers an admin.
    const asAdmin = await get(peer, `/api/items/${id}`, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().title).toBe('Euphonium');
    expect((await get(peer, `/api/items/${id}`)).statusCode).toBe(404);
  });
});

/**
 * A member's everyday writes (chat, read marks, saves, alerts, this device's push) change nothing a
 * listing or a page shows: answering them keeps the server's caches, which would otherwise be
 * emptied by every chat message. The clock stands still meanwhile, so only a forgetting could
 * send a read to the database, however slow the machine.
 */
describe('caches across writes that no listing shows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CACHE_MS: '1000', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('keeps pages and listings across chat, read marks, saves, alerts and push; a listing write still clears', async () => {
    const owner = await registerMember(t.app);
    const other = await registerMember(t.app);
    const call = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      cookie?: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url,
        headers: cookie ? { cookie } : {},
        ...(payload ? { payload } : {}),
      });
    const list = async (title: string) => {
      const made = await call('POST', '/api/items', owner.cookie, {
        title,
        description: 'Cached?',
        condition: 'good',
        isOpenToOffers: true,
      });
      expect(made.statusCode).toBe(201);
      return made.json().id as number;
    };
    const id = await list('Ophicleide');
    const offered = await call('POST', '/api/swap-requests', other.cookie, {
      itemId: id,
      message: 'Would you swap?',
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const offerId = offered.json().id as number;
    const title = async () => (await call('GET', `/api/items/${id}`)).json().title;
    const page = async () => (await call('GET', '/api/items?search=ophicleide')).json()[0].title;
    expect(await title()).toBe('Ophicleide');
    expect(await page()).toBe('Ophicleide');
    vi.useFakeTimers({ toFake: ['Date'] });

    const keys = browserKeys();
    const device = {
      endpoint: 'http://127.0.0.1:9/push/cache-test',
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    };
    const writes: Array<[method: 'POST' | 'DELETE', url: string, cookie: string, body?: object]> = [
      [
        'POST',
        `/api/swap-requests/${offerId}/messages`,
        owner.cookie,
        { content: 'Still have it?' },
      ],
      ['POST', `/api/swap-requests/${offerId}/messages/read`, other.cookie],
      ['POST', '/api/notifications/read', owner.cookie, { all: true }],
      ['POST', `/api/items/${id}/save`, other.cookie],
      ['DELETE', `/api/items/${id}/save`, other.cookie],
      ['POST', '/api/saved-searches', other.cookie, { search: 'ophicleide', frequency: 'daily' }],
      ['POST', '/api/push/subscriptions', other.cookie, device],
      ['DELETE', '/api/push/subscriptions', other.cookie, { endpoint: device.endpoint }],
    ];
    for (const [method, url, cookie, body] of writes) {
      const answered = await call(method, url, cookie, body);
      expect(answered.statusCode, `${method} ${url}: ${answered.body}`).toBeLessThan(300);
      expect(await answeredFromMemory(title), `${method} ${url}`).toBe(true);
      expect(await answeredFromMemory(page), `${method} ${url}`).toBe(true);
    }
    // A write that changes what listings show forgets them at once.
    expect(await list('Serpent')).toBeGreaterThan(id);
    expect(await answeredFromMemory(title)).toBe(false);
    expect(await answeredFromMemory(page)).toBe(false);
    vi.useRealTimers();
  });
});
