import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/users.js';
import { createPeerApp, createTestApp, registerMember, type TestApp } from '../testing/app.js';
import { listeners, metricValues, until } from '../testing/kept-state.js';

/**
 * Two app servers that keep sessions in memory for a minute (SESSION_CACHE_MS): far longer than
 * any test waits, so only a change's notice can explain a server that stops answering from it.
 */
const METRICS_TOKEN = 'session-cache-metrics-token-0123456789';
let t: TestApp;
let peer: FastifyInstance;

type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMITS: 'false',
    SESSION_CACHE_MS: '60000',
    ADMIN_EMAILS: 'cache-moderator@example.com',
    METRICS_TOKEN: METRICS_TOKEN,
  });
  peer = await createPeerApp(t);
  // Both servers listen from the start, streams or not.
  await until(async () => (await listeners(t.db)).length === 2, 5000, 'two listening servers');
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

/** This server's session figures in /metrics. */
const series = () =>
  metricValues(t.app, METRICS_TOKEN, {
    memory: /^swapmarket_session_lookups_total\{source="memory"\} (\d+)$/m,
    database: /^swapmarket_session_lookups_total\{source="database"\} (\d+)$/m,
    entries: /^swapmarket_session_cache_entries (\d+)$/m,
    hearing: /^swapmarket_session_cache_hearing (\d+)$/m,
  });

const me = (app: FastifyInstance, member: Member) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: member.cookie } });

/** Both servers have read the member's session, so both keep it. */
async function knownToBoth(member: Member): Promise<void> {
  expect((await me(t.app, member)).statusCode).toBe(200);
  expect((await me(peer, member)).statusCode).toBe(200);
}

/** Deletes the member's sessions with the database's triggers off: no server hears of it. */
async function deleteSessionsUnheard(member: Member): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${member.user.id}`);
  });
}

const signedOutOn = (app: FastifyInstance, member: Member) => async () =>
  (await me(app, member)).statusCode === 401;

describe('sessions kept in memory', () => {
  it('answers a signed-in read without asking the database for a session it knows', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    await deleteSessionsUnheard(member);
    // Still signed in on both: neither asked the database.
    await knownToBoth(member);
    // A member never seen is looked up as before.
    const stranger = await registerMember(t.app);
    await deleteSessionsUnheard(stranger);
    expect((await me(t.app, stranger)).statusCode).toBe(401);
  });

  it('counts in /metrics the lookups answered from memory and by the database', async () => {
    const member = await registerMember(t.app);
    const before = await series();
    expect((await me(t.app, member)).statusCode).toBe(200);
    expect((await me(t.app, member)).statusCode).toBe(200);
    const after = await series();
    expect(after.database - before.database).toBe(1);
    expect(after.memory - before.memory).toBe(1);
    expect(after.entries).toBeGreaterThanOrEqual(1);
    expect(after.hearing).toBe(1);
  });

  it("keeps the member's session through a page view, the write every click sends", async () => {
    const member = await registerMember(t.app);
    expect((await me(t.app, member)).statusCode).toBe(200);
    const viewed = await t.app.inject({
      method: 'POST',
      url: '/api/page-views',
      payload: { path: '/browse' },
      headers: { cookie: member.cookie },
    });
    expect(viewed.statusCode).toBe(201);
    const before = await series();
    expect((await me(t.app, member)).statusCode).toBe(200);
    expect((await series()).memory - before.memory).toBe(1);
  });

  it('signing out ends the session at once on this server and within a second on the other', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: member.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(t.app, member)).statusCode).toBe(401);
    await until(signedOutOn(peer, member), 1000, 'signed out on the other server');
  });

  it('a profile change reads back at once here and within a second on the other server', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: { bio: 'Swaps books for plants' },
      headers: { cookie: member.cookie },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(t.app, member)).json().bio).toBe('Swaps books for plants');
    await until(
      async () => (await me(peer, member)).json().bio === 'Swaps books for plants',
      1000,
      'the new bio on the other server',
    );
  });

  it("a moderator's suspension ends the member's sessions at once here and within a second elsewhere", async () => {
    const moderator = await registerMember(t.app, { email: 'cache-moderator@example.com' });
    const reporter = await registerMember(t.app);
    const member = await registerMember(t.app);
    await knownToBoth(member);
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/report`,
      payload: { reason: 'scam' },
      headers: { cookie: reporter.cookie },
    });
    expect(report.statusCode).toBe(201);
    const suspended = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/member-reports/${report.json().id}`,
      payload: { action: 'suspend' },
      headers: { cookie: moderator.cookie },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await me(t.app, member)).statusCode).toBe(401);
    await until(signedOutOn(peer, member), 1000, 'suspended on the other server');
  });

  it('a change made with SQL, behind both servers, reaches both within a second', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.user.id));
    await until(signedOutOn(t.app, member), 1000, 'suspended on the first server');
    await until(signedOutOn(peer, member), 1000, 'suspended on the other server');
  });

  it('a session cut short with SQL ends on both servers within a second', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    await t.db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(sql`${sessions.sess}->>'userId' = ${member.user.id}`);
    await until(signedOutOn(t.app, member), 1000, 'expired on the first server');
    await until(signedOutOn(peer, member), 1000, 'expired on the other server');
  });

  it('forgets everything when it stops hearing of changes, and keeps again once it hears', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    const before = await listeners(t.db);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where pid = any(${sql.raw(`array[${before.join(',')}]::int[]`)})`,
    );
    // Both servers come back (after a quarter of a second) with new connections.
    await until(
      async () => {
        const now = await listeners(t.db);
        return now.length === 2 && now.every((pid) => !before.includes(pid));
      },
      5000,
      'both servers listening again',
    );
    // What they knew went with the link: a change they could not hear is seen at once.
    await deleteSessionsUnheard(member);
    expect((await me(t.app, member)).statusCode).toBe(401);
    expect((await me(peer, member)).statusCode).toBe(401);
    // And they keep sessions again.
    const next = await registerMember(t.app);
    await knownToBoth(next);
    await deleteSessionsUnheard(next);
    await knownToBoth(next);
  });

  it('one statement ending the sessions of over a hundred members reaches both servers within a second', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    // 120 other members' sessions (as the hourly purge might end): one notice for everyone.
    const others = Array.from({ length: 120 }, (_, n) => ({
      sid: `bulk-${n}-${Date.now()}`,
      sess: { userId: `bulk-member-${n}`, createdAt: new Date().toISOString() },
      expire: new Date(Date.now() + 60_000),
    }));
    await t.db.insert(sessions).values(others);
    await t.db
      .delete(sessions)
      .where(
        sql`${sessions.sess}->>'userId' like 'bulk-member-%' or ${sessions.sess}->>'userId' = ${member.user.id}`,
      );
    await until(signedOutOn(t.app, member), 1000, 'signed out on the first server');
    await until(signedOutOn(peer, member), 1000, 'signed out on the other server');
  });

  // Last: it signs everyone out.
  it('emptying the sessions table (TRUNCATE) reaches both servers within a second', async () => {
    const member = await registerMember(t.app);
    await knownToBoth(member);
    await t.db.execute(sql`truncate table sessions`);
    await until(signedOutOn(t.app, member), 1000, 'signed out on the first server');
    await until(signedOutOn(peer, member), 1000, 'signed out on the other server');
  });
});
