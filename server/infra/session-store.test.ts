import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../db/schema/push.js';
import { sessions, users } from '../db/schema/users.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createSessionCache } from './session-cache.js';
import {
  createSession,
  findSessionUser,
  liveSessionKeys,
  purgeExpiredSessions,
  sessionKeyOf,
} from './session-store.js';

const HOUR = 3_600_000;
const policy = { idleMs: 24 * HOUR, absoluteMs: 30 * 24 * HOUR };

let test: TestDatabase;
let userId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  const [user] = await test.db
    .insert(users)
    .values({ email: 'store@example.com', password: 'x', nickname: 'store' })
    .returning({ id: users.id });
  userId = user?.id ?? '';
});
afterAll(() => test.drop());

/** A cache that knows the session with the idle expiry given, as another moment left it. */
async function knownWithExpiry(token: string, expire: number) {
  const cache = createSessionCache({ maxAgeMs: 60_000 });
  cache.setHearing(true);
  const [user] = await test.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('no user');
  cache.remember(
    sessionKeyOf(token),
    { user, createdAt: Date.now(), expire },
    cache.stamp(),
    Date.now(),
  );
  return cache;
}

const expiryInDatabase = async (token: string) => {
  const [row] = await test.db
    .select({ expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sessionKeyOf(token)));
  return row?.expire.getTime();
};

describe('a known session moving its idle expiry', () => {
  it('never moves it back: another server moved it further meanwhile', async () => {
    const token = await createSession(test.db, userId, policy);
    const further = Date.now() + 2 * policy.idleMs;
    await test.db
      .update(sessions)
      .set({ expire: new Date(further) })
      .where(eq(sessions.sid, sessionKeyOf(token)));
    // This server still knows an expiry due for a move (within the idle time less a minute).
    const cache = await knownWithExpiry(token, Date.now() + HOUR);
    expect((await findSessionUser(test.db, cache, token, policy))?.id).toBe(userId);
    expect(await expiryInDatabase(token)).toBe(further);
    expect(cache.get(sessionKeyOf(token), Date.now())?.expire).toBe(further);
  });

  it('does not revive a session that expired in the database meanwhile', async () => {
    const token = await createSession(test.db, userId, policy);
    const past = Date.now() - 1000;
    await test.db
      .update(sessions)
      .set({ expire: new Date(past) })
      .where(eq(sessions.sid, sessionKeyOf(token)));
    const cache = await knownWithExpiry(token, Date.now() + HOUR);
    expect(await findSessionUser(test.db, cache, token, policy)).toBeNull();
    expect(await expiryInDatabase(token)).toBe(past);
    expect(cache.get(sessionKeyOf(token), Date.now())).toBeUndefined();
  });

  it('moves it a full idle time ahead by the database clock', async () => {
    const token = await createSession(test.db, userId, policy);
    await test.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + HOUR) })
      .where(eq(sessions.sid, sessionKeyOf(token)));
    const cache = await knownWithExpiry(token, Date.now() + HOUR);
    await findSessionUser(test.db, cache, token, policy);
    const moved = (await expiryInDatabase(token)) ?? 0;
    expect(Math.abs(moved - (Date.now() + policy.idleMs))).toBeLessThan(60_000);
  });
});

describe('the hourly purge of expired sessions', () => {
  async function memberWithDevice(name: string) {
    const [member] = await test.db
      .insert(users)
      .values({ email: `${name}@example.com`, password: 'x', nickname: name })
      .returning({ id: users.id });
    const id = member?.id ?? '';
    await test.db.insert(pushSubscriptions).values({
      userId: id,
      endpoint: `https://push.example.net/${name}`,
      p256dh: 'key',
      auth: 'auth',
    });
    return id;
  }
  const devicesOf = async (id: string) =>
    (await test.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id))).length;

  it('forgets the push devices of members left with no session, and only theirs', async () => {
    const lapsed = await memberWithDevice('lapsed');
    const active = await memberWithDevice('active');
    const both = await memberWithDevice('both');
    const lapsedToken = await createSession(test.db, lapsed, policy);
    await createSession(test.db, active, policy);
    const oldToken = await createSession(test.db, both, policy);
    await createSession(test.db, both, policy);
    for (const token of [lapsedToken, oldToken]) {
      await test.db
        .update(sessions)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(eq(sessions.sid, sessionKeyOf(token)));
    }
    await purgeExpiredSessions(test.db, policy);
    expect(await devicesOf(lapsed)).toBe(0);
    expect(await devicesOf(active)).toBe(1);
    // Another session of theirs still lives: their devices stay.
    expect(await devicesOf(both)).toBe(1);
  });
});

describe('which sessions still stand (what live streams ask)', () => {
  it('leaves out expired sessions and those of suspended members, however many are asked', async () => {
    const [member] = await test.db
      .insert(users)
      .values({ email: 'standing@example.com', password: 'x', nickname: 'standing' })
      .returning({ id: users.id });
    const id = member?.id ?? '';
    const live = sessionKeyOf(await createSession(test.db, id, policy));
    const lapsed = sessionKeyOf(await createSession(test.db, id, policy));
    await test.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, lapsed));
    const unknown = Array.from({ length: 2500 }, (_, n) => `no-such-session-${n}`);
    expect(await liveSessionKeys(test.db, [...unknown, lapsed, live], policy)).toEqual(
      new Set([live]),
    );
    await test.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, id));
    expect(await liveSessionKeys(test.db, [live], policy)).toEqual(new Set());
  });
});
