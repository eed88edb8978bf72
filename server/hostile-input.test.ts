import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_PATH } from '../shared/events.js';
import { createSession } from './infra/session-store.js';
import { createTestApp, registerMember, type TestApp } from './testing/app.js';

/**
 * Generated bodies, query strings and path parameters against every route the app registers, as
 * a visitor and as a member: the answer is always a 2xx/3xx/4xx, JSON with a message when it is an
 * error, and never shows a stack trace, an SQL error or an internal address.
 */
const LEAKS =
  /\bat [\w.<>]+ \(|\.(?:js|ts):\d+|node_modules|SQLSTATE|syntax error at|ECONNREFUSED|127\.0\.0\.1:\d+|relation "|duplicate key/i;

const pathParam = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '99999999999999999999',
    '%00',
    '..',
    'null',
    'undefined',
    '__proto__',
    "1' OR '1'='1",
    'NaN',
    '2147483648',
    '\u0000',
    '\ud800',
  ),
);

const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'title',
      'description',
      'email',
      'password',
      'itemId',
      'itemIds',
      'offeredItemIds',
      'offeredItemId',
      'decision',
      'received',
      'status',
      'rating',
      'images',
      'content',
      'message',
      'nickname',
      'categoryId',
      'path',
      'token',
      'reason',
      'endpoint',
      'keys',
      'push',
      'mode',
      'fairChanceHours',
      '__proto__',
      'constructor',
    ),
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ maxLength: 20, unit: 'binary' }),
      fc.constantFrom(99999999999, 2147483648, -2147483649, '\u0000', '\ud800x'),
    ),
  ),
);

const query = fc.dictionary(
  fc.constantFrom(
    'search',
    'categoryId',
    'userId',
    'limit',
    'offset',
    'condition',
    'location',
    'debug',
    'mode',
    'x',
  ),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ maxLength: 30, unit: 'binary' }),
    fc.integer().map(String),
    fc.constantFrom('99999999999', '\u0000', 'a\u0001', '\udc00'),
  ),
  { maxKeys: 4 },
);

/** encodeURIComponent throws on a lone surrogate; a client can still send its WTF-8 bytes. */
function encodePathParam(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((c) => {
        const code = c.charCodeAt(0);
        if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(c);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

/** /metrics is on here, so generated Authorization headers reach its token check. */
const METRICS_TOKEN = 'hostile-metrics-token-0123456789';

const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constant(`Bearer ${METRICS_TOKEN}`),
  fc.stringMatching(/^[\x21-\x7e]{0,60}$/).map((s) => `Bearer ${s}`),
  fc.stringMatching(/^[\x20-\x7e]{0,60}$/),
);

let t: TestApp;
let memberId = '';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', METRICS_TOKEN });
  memberId = (await registerMember(t.app)).user.id;
});
afterAll(() => t.close());

/** The live-event stream reads nothing but the cookie and never ends; its own suite covers it. */
const routes = () => [
  ...new Map(
    t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.url !== EVENTS_PATH)
      .map((r) => [`${r.method} ${r.url}`, r]),
  ).values(),
];

/** Values that used to reach PostgreSQL and come back as 500s (issue 17, finding 3). */
const HOSTILE_TEXT = [
  '\u0000',
  'lamp\u0000',
  '\u0001\u0002',
  '\u001b[31mred',
  '\u007f',
  '\ud800',
  'broken \udfff pair',
  'end \ud83d',
];
const HOSTILE_IDS = ['99999999999', '2147483648', '-1', '1e3', '9'.repeat(400)];
const BODY_FIELDS = [
  'title',
  'description',
  'email',
  'password',
  'content',
  'message',
  'nickname',
  'firstName',
  'lastName',
  'bio',
  'location',
  'token',
  'newPassword',
  'path',
  'reason',
  'offerDescription',
  'wantedItems',
  'toUserId',
  'mode',
];
const ID_FIELDS = ['itemId', 'offeredItemId', 'swapRequestId', 'categoryId'];
const QUERY_KEYS = [
  'search',
  'categoryId',
  'userId',
  'location',
  'condition',
  'mode',
  'limit',
  'offset',
];

describe('hostile values on every route', () => {
  it('refuses control characters and lone surrogates anywhere with a 400, never a 5xx', async () => {
    const session = await createSession(t.db, memberId, t.config.session);
    const cookie = `sm_sid=${t.app.signCookie(session)}`;
    const failures: string[] = [];
    let refusedByTheGuard = 0;
    for (const route of routes()) {
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      const slots = route.url.match(/:\w+/g) ?? [];
      for (const value of HOSTILE_TEXT) {
        const attempts: Array<{ url: string; body?: object }> = [];
        // In each path parameter,
        for (let slot = 0; slot < slots.length; slot++) {
          let i = 0;
          attempts.push({
            url: route.url.replace(/:\w+/g, () => encodePathParam(i++ === slot ? value : '1')),
          });
        }
        const path = route.url.replace(/:\w+/g, '1');
        // in the query string,
        attempts.push({
          url: `${path}?${new URLSearchParams(QUERY_KEYS.map((key) => [key, value])).toString()}`,
        });
        // and in every text field of a body.
        if (hasBody) {
          attempts.push({
            url: path,
            body: Object.fromEntries(BODY_FIELDS.map((f) => [f, value])),
          });
          attempts.push({ url: path, body: { nested: [{ deeper: value }] } });
        }
        for (const attempt of attempts) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: attempt.url,
            headers: { cookie, ...(attempt.body ? { 'content-type': 'application/json' } : {}) },
            ...(attempt.body ? { payload: JSON.stringify(attempt.body) } : {}),
          });
          const where = `${route.method} ${attempt.url} ${JSON.stringify(attempt.body ?? '')} → ${response.statusCode} ${response.body.slice(0, 160)}`;
          if (response.statusCode >= 500) failures.push(where);
          else if (response.statusCode === 400) {
            const message = response.json().message as string;
            if (/not allowed \(U\+/.test(message)) refusedByTheGuard++;
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refusedByTheGuard).toBeGreaterThan(routes().length * HOSTILE_TEXT.length);
  }, 180_000);

  it('answers ids beyond the database range with a 4xx before any query, in paths, queries and bodies', async () => {
    const session = await createSession(t.db, memberId, t.config.session);
    const cookie = `sm_sid=${t.app.signCookie(session)}`;
    const failures: string[] = [];
    for (const route of routes()) {
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      for (const id of HOSTILE_IDS) {
        const url = route.url.replace(/:\w+/g, id);
        const attempts: Array<{ url: string; body?: object }> = [
          { url },
          { url: `${url}?categoryId=${id}&limit=${id}&offset=${id}&userId=${id}` },
        ];
        if (hasBody) {
          const numeric = Number(id);
          attempts.push({
            url,
            body: Object.fromEntries(ID_FIELDS.map((field) => [field, numeric])),
          });
          // Issue 38's lists of listings, on offers and counter-offers.
          attempts.push({
            url,
            body: { itemIds: [numeric], offeredItemIds: [1, numeric], message: 'Swap?' },
          });
          attempts.push({
            url,
            body: {
              itemId: numeric,
              message: 'Swap?',
              swapRequestId: numeric,
              toUserId: id,
              rating: 5,
              categoryId: numeric,
              title: 'Lamp',
              description: 'Bright',
              condition: 'good',
            },
          });
        }
        for (const attempt of attempts) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: attempt.url,
            headers: { cookie, ...(attempt.body ? { 'content-type': 'application/json' } : {}) },
            ...(attempt.body ? { payload: JSON.stringify(attempt.body) } : {}),
          });
          if (response.statusCode >= 500)
            failures.push(
              `${route.method} ${attempt.url} ${JSON.stringify(attempt.body ?? '')} → ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it.each([
    [
      'a body field',
      'POST',
      '/api/items',
      { title: 'Lamp\u0000', description: 'x', condition: 'good' },
      /^Title contains a character that is not allowed \(U\+0000\)$/,
    ],
    ['a search query', 'GET', '/api/items?search=%00', undefined, /^Search contains .*U\+0000/],
    [
      'a facets query',
      'GET',
      '/api/items/facets?search=%00',
      undefined,
      /^Search contains .*U\+0000/,
    ],
    ['a path', 'GET', '/api/users/%00', undefined, /^Id contains .*U\+0000/],
    [
      'a lone surrogate',
      'POST',
      '/api/items',
      { title: 'Lamp \ud800', description: 'x', condition: 'good' },
      /^Title contains .*U\+D800/,
    ],
    [
      'a body id',
      'POST',
      '/api/swap-requests',
      { itemId: 99999999999, message: 'Swap?' },
      /^itemId is out of range$/,
    ],
    [
      'a counter-offer id',
      'POST',
      '/api/swap-requests/1/counter',
      { itemId: 99999999999, message: 'Swap?' },
      /^itemId is out of range$/,
    ],
    [
      'a counter-offer message',
      'POST',
      '/api/swap-requests/1/counter',
      { itemId: 1, message: 'Swap\u0000?' },
      /^Message contains a character that is not allowed \(U\+0000\)$/,
    ],
    [
      'an id in a list of listings asked for',
      'POST',
      '/api/swap-requests',
      { itemIds: [1, 99999999999], message: 'Swap?' },
      /^itemIds is out of range$/,
    ],
    [
      'a listing offered given as an object',
      'POST',
      '/api/swap-requests',
      { itemIds: [1], offeredItemIds: [{ $gt: 0 }], message: 'Swap?' },
      /^offeredItemIds must be a number$/,
    ],
    [
      'a counter-offer list of listings',
      'POST',
      '/api/swap-requests/1/counter',
      { itemIds: [1], offeredItemIds: [2147483648], message: 'Swap?' },
      /^offeredItemIds is out of range$/,
    ],
    [
      'a cancellation reason',
      'PATCH',
      '/api/swap-requests/1',
      { status: 'cancelled', reason: 'Moved\u0000' },
      /^Reason contains a character that is not allowed \(U\+0000\)$/,
    ],
    [
      'a counter-offer item given as an object',
      'POST',
      '/api/swap-requests/1/counter',
      { itemId: { $gt: 0 }, message: 'Swap?' },
      /itemId/,
    ],
  ])('names what is wrong in %s', async (_where, method, url, body, message) => {
    const session = await createSession(t.db, memberId, t.config.session);
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: `sm_sid=${t.app.signCookie(session)}` },
      ...(body ? { payload: body } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('keeps tabs and line breaks, which text areas send', async () => {
    const session = await createSession(t.db, memberId, t.config.session);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: `sm_sid=${t.app.signCookie(session)}` },
      payload: { title: 'Lamp', description: 'Line one\r\nLine two\tand a tab', condition: 'good' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().description).toBe('Line one\r\nLine two\tand a tab');
  });
});

describe('hostile input', () => {
  it('never answers 5xx or leaks internals, whatever is sent', async () => {
    const session = await createSession(t.db, memberId, t.config.session);
    const memberCookie = `sm_sid=${t.app.signCookie(session)}`;
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    const seen = { ok: 0, refused: 0, routes: new Set<string>() };

    await fc.assert(
      fc.asyncProperty(
        // Uniform over the routes (the default favours the first ones): each is reached.
        fc.noBias(fc.constantFrom(...all)),
        fc.array(pathParam, { minLength: 3, maxLength: 3 }),
        query,
        jsonBody,
        fc.boolean(),
        authorization,
        async (route, params, queryValues, body, signedIn, auth) => {
          let i = 0;
          const path = route.url.replace(/:\w+/g, () => encodePathParam(params[i++] ?? ''));
          const search = new URLSearchParams(queryValues).toString();
          const hasBody = !['GET', 'DELETE'].includes(route.method);
          const headers = {
            ...(signedIn ? { cookie: memberCookie } : {}),
            ...(auth !== undefined ? { authorization: auth } : {}),
          };
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: search ? `${path}?${search}` : path,
            headers,
            ...(hasBody
              ? {
                  payload: JSON.stringify(body),
                  headers: { 'content-type': 'application/json', ...headers },
                }
              : {}),
          });
          const where = `${route.method} ${path}?${search} ${hasBody ? JSON.stringify(body).slice(0, 200) : ''} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          seen.routes.add(`${route.method} ${route.url}`);
          if (response.statusCode < 400) seen.ok++;
          else seen.refused++;
          expect(response.body, where).not.toMatch(LEAKS);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type'], where).toMatch(/application\/json/);
            expect(typeof response.json().message, where).toBe('string');
          }
        },
      ),
      { numRuns: 2500 },
    );
    // The generated traffic must reach the handlers, not just bounce off one check.
    expect(seen.ok).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
    expect(seen.routes.size).toBe(all.length);
  }, 180_000);
});
