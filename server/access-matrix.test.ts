import { describe, expect, it } from 'vitest';
import { ADMIN } from './testing/access-matrix/admin.js';
import { CIRCLES_AND_ROUNDS } from './testing/access-matrix/circles-and-rounds.js';
import { routeTable } from './testing/access-matrix/decide.js';
import {
  actorFor,
  concreteUrl,
  cookieFor,
  freshFixture,
  ROLES,
  registered,
  setUpAccessMatrix,
  streamStatus,
  t,
} from './testing/access-matrix/fixture.js';
import { LISTINGS } from './testing/access-matrix/listings.js';
import { MEMBERS } from './testing/access-matrix/members.js';
import { SITE_AND_ACCOUNTS } from './testing/access-matrix/site-and-accounts.js';
import { SWAPS } from './testing/access-matrix/swaps.js';

/**
 * Every route the app registers × {visitor, owner, other member, admin}. Each route names the
 * policy that decides it (shared/policies), evaluated on the cell's fixture: a refusal must come
 * back with the policy's status, an allowance must not be refused. A route without an entry here
 * fails the test, so a new route cannot slip past its access rules. The entries are kept by
 * feature in server/testing/access-matrix/ (site-and-accounts, listings, swaps,
 * circles-and-rounds, members, admin) and joined here into the one table; fixture.ts makes each
 * cell's fixture.
 */

setUpAccessMatrix();

const EXPECTATIONS = routeTable(
  SITE_AND_ACCOUNTS,
  LISTINGS,
  SWAPS,
  CIRCLES_AND_ROUNDS,
  MEMBERS,
  ADMIN,
);

describe('access matrix', () => {
  it('has an expectation for every route the app registers, and no stale ones', () => {
    const routes = registered();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !EXPECTATIONS[route])).toEqual([]);
    expect(Object.keys(EXPECTATIONS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(EXPECTATIONS))('%s', async (route, { decide, body, stream }) => {
    const [method, pattern] = route.split(' ') as [string, string];
    for (const role of ROLES) {
      const fixture = await freshFixture(
        pattern.startsWith('/api/circles'),
        pattern.startsWith('/api/rounds/'),
      );
      const decision = decide(actorFor(role), fixture);
      // Where the policy hides a resource from someone (404), those it allows must find it.
      const hides = ROLES.some((r) => {
        const d = decide(actorFor(r), fixture);
        return !d.ok && d.status === 404;
      });
      const headers = await cookieFor(role);
      const response = stream
        ? await streamStatus(headers.cookie)
        : await t.app.inject({
            method: method as 'GET',
            url: concreteUrl(pattern, fixture),
            headers,
            ...(body ? { payload: body(fixture) } : {}),
          });
      const where = `${route} as ${role} → ${response.statusCode} ${response.body.slice(0, 120)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      if (!decision.ok) {
        expect(response.statusCode, where).toBe(decision.status);
        if (!stream) expect(JSON.parse(response.body).message, where).toBe(decision.reason);
      } else {
        expect([401, 403], where).not.toContain(response.statusCode);
        if (hides) expect(response.statusCode, where).not.toBe(404);
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
