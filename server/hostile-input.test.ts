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
      'decision',
      'received',
      'status',
      'rating',
      'images',
      'content',
      'nickname',
      'categoryId',
      'path',
      'token',
      'reason',
      '__proto__',
      'constructor',
    ),
    fc.jsonValue({ maxDepth: 2 }),
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
    'x',
  ),
  fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)),
  { maxKeys: 4 },
);

let t: TestApp;
let memberId = '';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
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

describe('hostile input', () => {
  it('never answers 5xx or leaks internals, whatever is sent', async () => {
    const session = await createSession(t.db, memberId, t.config.session);
    const memberCookie = `sm_sid=${t.app.signCookie(session)}`;
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    const seen = { ok: 0, refused: 0, routes: new Set<string>() };

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...all),
        fc.array(pathParam, { minLength: 3, maxLength: 3 }),
        query,
        jsonBody,
        fc.boolean(),
        async (route, params, queryValues, body, signedIn) => {
          let i = 0;
          const path = route.url.replace(/:\w+/g, () => encodeURIComponent(params[i++] ?? ''));
          const search = new URLSearchParams(queryValues).toString();
          const hasBody = !['GET', 'DELETE'].includes(route.method);
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: search ? `${path}?${search}` : path,
            headers: signedIn ? { cookie: memberCookie } : {},
            ...(hasBody
              ? {
                  payload: JSON.stringify(body),
                  headers: {
                    'content-type': 'application/json',
                    ...(signedIn ? { cookie: memberCookie } : {}),
                  },
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
      { numRuns: 1500 },
    );
    // The generated traffic must reach the handlers, not just bounce off one check.
    expect(seen.ok).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
    expect(seen.routes.size).toBe(all.length);
  }, 180_000);
});
