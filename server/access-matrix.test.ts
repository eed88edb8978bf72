import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './features/auth/sessions.js';
import {
  createTestApp,
  listenOnLoopback,
  memberInput,
  registerMember,
  type TestApp,
} from './testing/app.js';
import { openEventStream } from './testing/event-stream.js';
import { jpegDataUrl } from './testing/images.js';

/**
 * Every route the app registers × {visitor, owner, other member, admin}. A route without an
 * expectation here fails the test, so a new route cannot slip past its access rules.
 *
 * - public: nobody is refused
 * - member: visitors get 401, every signed-in member gets through
 * - owner: visitors 401, anyone but the item's owner 403 (admins use the admin routes)
 * - party: visitors 401, anyone but the two parties of the offer 404 (it does not exist for them)
 * - admin: visitors 401, members 403
 */
type Access = 'public' | 'member' | 'owner' | 'party' | 'admin';
type Role = 'visitor' | 'owner' | 'other' | 'admin';
type Fixture = {
  itemId: number;
  imageUrl: string;
  swapId: number;
  reportId: number;
  ownerId: string;
  senderId: string;
};

const EXPECTATIONS: Record<
  string,
  { access: Access; body?: (f: Fixture) => object; stream?: true }
> = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  'GET /api/config': { access: 'public' },
  'GET /api/auth/user': { access: 'member' },
  'POST /api/register': { access: 'public', body: () => memberInput() },
  'POST /api/login': {
    access: 'public',
    body: () => ({ email: ownerLogin.email, password: ownerLogin.password }),
  },
  'POST /api/logout': { access: 'public' },
  'GET /api/logout': { access: 'public' },
  'POST /api/request-password-reset': {
    access: 'public',
    body: () => ({ email: 'nobody@example.com' }),
  },
  'POST /api/confirm-reset-password': {
    access: 'public',
    body: () => ({ token: 'x', newPassword: 'secret12' }),
  },
  'POST /api/verify-email': { access: 'public', body: () => ({ token: 'x' }) },
  'POST /api/resend-verification': { access: 'member' },
  'GET /api/categories': { access: 'public' },
  'GET /api/items': { access: 'public' },
  'GET /api/items/:id': { access: 'public' },
  'POST /api/items': {
    access: 'member',
    body: () => ({ title: 'Matrix lamp', description: 'Bright', condition: 'good' }),
  },
  'PUT /api/items/:id': {
    access: 'owner',
    body: () => ({ title: 'Renamed', description: 'Bright', condition: 'good', categoryId: '8' }),
  },
  'DELETE /api/items/:id': { access: 'owner' },
  'GET /api/items/:id/saved': { access: 'member' },
  'POST /api/items/:id/save': { access: 'member' },
  'DELETE /api/items/:id/save': { access: 'member' },
  'GET /api/saved-items': { access: 'member' },
  'GET /api/images/:id': { access: 'public' },
  'GET /api/images/:id/thumb': { access: 'public' },
  'GET /api/swap-requests': { access: 'member' },
  'POST /api/swap-requests': {
    access: 'member',
    body: (f) => ({ itemId: f.itemId, message: 'Swap?' }),
  },
  'GET /api/swap-requests/:id': { access: 'party' },
  'PATCH /api/swap-requests/:id': { access: 'party', body: () => ({ status: 'accepted' }) },
  'GET /api/swap-requests/:id/messages': { access: 'party' },
  // A stream never ends, so it is opened on a real socket and closed once its status is known.
  'GET /api/events': { access: 'member', stream: true },
  'POST /api/swap-requests/:id/messages': { access: 'party', body: () => ({ content: 'Hello' }) },
  'POST /api/feedback': {
    access: 'party',
    body: (f) => ({ toUserId: f.senderId, swapRequestId: f.swapId, rating: 5 }),
  },
  'GET /api/feedback/:userId': { access: 'public' },
  'GET /api/users/:id': { access: 'public' },
  'GET /api/users/:id/feedback': { access: 'public' },
  'GET /api/users/:id/rating-stats': { access: 'public' },
  'GET /api/users/:id/swap-stats': { access: 'public' },
  'GET /api/users/:id/activity': { access: 'public' },
  'PATCH /api/users/profile': { access: 'member', body: () => ({ bio: 'Matrix bio' }) },
  'POST /api/page-views': { access: 'public', body: () => ({ path: '/' }) },
  'GET /api/unique-visitor-count': { access: 'public' },
  'POST /api/items/:id/report': { access: 'member', body: () => ({ reason: 'Other' }) },
  'GET /api/admin/stats': { access: 'admin' },
  'GET /api/admin/visitor-analytics': { access: 'admin' },
  'GET /api/admin/users': { access: 'admin' },
  'GET /api/admin/items': { access: 'admin' },
  'GET /api/admin/feedback': { access: 'admin' },
  'GET /api/admin/messages': { access: 'admin' },
  'GET /api/flagged-items': { access: 'admin' },
  'DELETE /api/admin/feedback/:id': { access: 'admin' },
  'DELETE /api/admin/messages/:id': { access: 'admin' },
  'DELETE /api/admin/items/:id': { access: 'admin' },
  'PATCH /api/admin/items/:id': { access: 'admin', body: () => ({ title: 'Moderated' }) },
  'PATCH /api/admin/users/:id/profile': { access: 'admin', body: () => ({ bio: 'Moderated' }) },
  'PATCH /api/admin/flagged-items/:id': { access: 'admin', body: () => ({ status: 'dismissed' }) },
  'GET /api/admin/export/:kind': { access: 'admin' },
};

function refusal(access: Access, role: Role): number[] | undefined {
  if (access === 'public') return undefined;
  if (role === 'visitor') return [401];
  if (access === 'member') return undefined;
  if (access === 'owner') return role === 'owner' ? undefined : [403];
  if (access === 'party') return role === 'owner' ? undefined : [404];
  return role === 'admin' ? undefined : [403];
}

let t: TestApp;
const ownerLogin = { email: '', password: '' };
const ids: Record<string, string> = {};
let senderCookie = '';
let photo = '';

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'matrix-admin@example.com', RATE_LIMITS: 'false' });
  const owner = await registerMember(t.app);
  ids.owner = owner.user.id;
  Object.assign(ownerLogin, { email: owner.input.email, password: owner.input.password });
  ids.other = (await registerMember(t.app)).user.id;
  ids.admin = (await registerMember(t.app, { email: 'matrix-admin@example.com' })).user.id;
  const sender = await registerMember(t.app);
  senderCookie = sender.cookie;
  ids.sender = sender.user.id;
  photo = await jpegDataUrl(60, 60);
});
afterAll(() => t.close());

/** A fresh session per cell, so a logout or a deletion in one cell cannot change another. */
async function cookieFor(role: Role): Promise<Record<string, string>> {
  if (role === 'visitor') return {};
  const token = await createSession(t.db, ids[role] ?? '', t.config.session);
  return { cookie: `sm_sid=${t.app.signCookie(token)}` };
}

async function freshFixture(): Promise<Fixture> {
  const owner = await cookieFor('owner');
  const item = (
    await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: owner,
      payload: {
        title: 'Matrix kettle',
        description: 'Whistles',
        condition: 'good',
        images: [photo],
      },
    })
  ).json();
  const swap = (
    await t.app.inject({
      method: 'POST',
      url: '/api/swap-requests',
      headers: { cookie: senderCookie },
      payload: { itemId: item.id, message: 'Swap?' },
    })
  ).json();
  const report = (
    await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/report`,
      headers: { cookie: senderCookie },
      payload: { reason: 'Other' },
    })
  ).json();
  return {
    itemId: item.id,
    imageUrl: item.images[0],
    swapId: swap.id,
    reportId: report.id,
    ownerId: ids.owner ?? '',
    senderId: ids.sender ?? '',
  };
}

function concreteUrl(pattern: string, f: Fixture): string {
  return pattern
    .replace(/^\/api\/images\/:id/, f.imageUrl)
    .replace(/^\/api\/(admin\/)?items\/:id/, (_m, admin = '') => `/api/${admin}items/${f.itemId}`)
    .replace('/api/swap-requests/:id', `/api/swap-requests/${f.swapId}`)
    .replace('/api/admin/flagged-items/:id', `/api/admin/flagged-items/${f.reportId}`)
    .replace(/:userId|:id(?=\/profile)/, f.ownerId)
    .replace('/api/users/:id', `/api/users/${f.ownerId}`)
    .replace(':kind', 'users')
    .replace(/:id/, '1');
}

async function streamStatus(cookie: string | undefined) {
  const opened = await openEventStream(await listenOnLoopback(t.app), cookie);
  opened.close();
  return { statusCode: opened.status, body: '' };
}

const registered = () => [
  ...new Set(
    (t?.app.routeTable ?? []).filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`),
  ),
];

describe('access matrix', () => {
  it('has an expectation for every route the app registers, and no stale ones', () => {
    const routes = registered();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !EXPECTATIONS[route])).toEqual([]);
    expect(Object.keys(EXPECTATIONS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(EXPECTATIONS))('%s', async (route, { access, body, stream }) => {
    const [method, pattern] = route.split(' ') as [string, string];
    for (const role of ['visitor', 'other', 'admin', 'owner'] as const) {
      const fixture = await freshFixture();
      const headers = await cookieFor(role);
      const response = stream
        ? await streamStatus(headers.cookie)
        : await t.app.inject({
            method: method as 'GET',
            url: concreteUrl(pattern, fixture),
            headers,
            ...(body ? { payload: body(fixture) } : {}),
          });
      const refused = refusal(access, role);
      const where = `${route} as ${role} → ${response.statusCode} ${response.body.slice(0, 120)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      if (refused) {
        expect(refused, where).toContain(response.statusCode);
      } else {
        expect([401, 403], where).not.toContain(response.statusCode);
        if (access === 'party') expect(response.statusCode, where).not.toBe(404);
      }
    }
  });
});

describe('path variants of owner routes', () => {
  it.each([
    '/api/items/ID/',
    '//api/items/ID',
    '/API/ITEMS/ID',
    '/api/items/ID;x',
    '/api/items/%49D',
    '/api/items/ID%2F',
  ])('never let another member change an item through %s', async (variant) => {
    const fixture = await freshFixture();
    const url = variant
      .replace('ID', String(fixture.itemId))
      .replace('%49D', encodeURIComponent(String(fixture.itemId)));
    const headers = await cookieFor('other');
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers,
        payload:
          method === 'PUT'
            ? { title: 'Hijacked', description: 'x', condition: 'good', categoryId: '8' }
            : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    const item = (
      await t.app.inject({ method: 'GET', url: `/api/items/${fixture.itemId}` })
    ).json();
    expect(item.title).toBe('Matrix kettle');
  });
});
