import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from './db/schema/rate-limits.js';
import { sessions } from './db/schema/users.js';
import { purgeExpiredRateLimits } from './infra/rate-limiter.js';
import { purgeExpiredSessions } from './infra/session-store.js';
import { createTestApp, registerMember, type TestApp } from './testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('maintenance', () => {
  it('purges idle-expired and absolutely-expired sessions, keeping live ones', async () => {
    const idle = await registerMember(t.app);
    const old = await registerMember(t.app);
    const live = await registerMember(t.app);
    const of = (id: string) => sql`${sessions.sess}->>'userId' = ${id}`;
    await t.db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 minute'` })
      .where(of(idle.user.id));
    const longAgo = new Date(Date.now() - t.config.session.absoluteMs - 60_000).toISOString();
    await t.db
      .update(sessions)
      .set({ sess: { userId: old.user.id, createdAt: longAgo } })
      .where(of(old.user.id));

    await purgeExpiredSessions(t.db, t.config.session);

    const left = await t.db.select({ sess: sessions.sess }).from(sessions);
    const owners = left.map((row) => row.sess.userId);
    expect(owners).toContain(live.user.id);
    expect(owners).not.toContain(idle.user.id);
    expect(owners).not.toContain(old.user.id);
  });

  it('purges rate-limit windows that have ended', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'ended', count: 5, resetAt: new Date(Date.now() - 1000) },
      { key: 'running', count: 5, resetAt: new Date(Date.now() + 60_000) },
    ]);
    await purgeExpiredRateLimits(t.db);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('running');
    expect(keys).not.toContain('ended');
  });
});

describe('password reset request limit', () => {
  it('answers 429 past the per-address limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS: '2' });
    try {
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/request-password-reset',
          payload: { email: 'x@example.com' },
        });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
