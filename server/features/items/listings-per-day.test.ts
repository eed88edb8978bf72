import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

/**
 * Issue 36 §2: a member lists at most RATE_LIMIT_LISTINGS_PER_DAY items a day (50 unless set),
 * counted in PostgreSQL with the other limits; the next one is refused with 429, `Retry-After`
 * and a message saying why. RATE_LIMITS=false lifts it.
 */
let limited: TestApp;
let unlimited: TestApp;
beforeAll(async () => {
  [limited, unlimited] = await Promise.all([
    createTestApp(),
    createTestApp({ RATE_LIMITS: 'false' }),
  ]);
});
afterAll(async () => {
  await Promise.all([limited.close(), unlimited.close()]);
});

const list = (t: TestApp, cookie: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie },
    payload: { title: `Listing ${n}`, description: 'Looked after', condition: 'good' },
  });

describe('listings per member and day', () => {
  it('refuses the 51st listing of the day with 429, Retry-After and a message', async () => {
    const member = await registerMember(limited.app);
    for (let n = 1; n <= 50; n++) {
      const response = await list(limited, member.cookie, n);
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await list(limited, member.cookie, 51);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You can list at most 50 items a day. Please wait before listing more.',
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The limit is the member's own: another member still lists.
    const other = await registerMember(limited.app);
    expect((await list(limited, other.cookie, 1)).statusCode).toBe(201);
  }, 60_000);

  it('is off with RATE_LIMITS=false', async () => {
    const member = await registerMember(unlimited.app);
    for (let n = 1; n <= 51; n++) {
      const response = await list(unlimited, member.cookie, n);
      expect(response.statusCode, response.body).toBe(201);
    }
  }, 60_000);
});
