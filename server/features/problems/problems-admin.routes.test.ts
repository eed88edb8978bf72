import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROBLEM_NOTE_MAX_LENGTH } from '../../../shared/limits.js';
import type { ProblemEntry } from '../../../shared/problems.js';
import {
  admin,
  ann,
  bob,
  call,
  cat,
  dan,
  NO_SHOW,
  NOT_RECEIVED,
  notificationsOf,
  offerBetween,
  reportSwap,
  setUpProblemsApp,
  t,
} from './problems.fixtures.js';

setUpProblemsApp();

const queue = async () => {
  const response = await call('GET', '/api/admin/problems', admin);
  expect(response.statusCode).toBe(200);
  return response.json() as ProblemEntry[];
};
const resolve = (id: number, body: unknown, who = admin) =>
  call('PATCH', `/api/admin/problems/${id}`, who, body);

/** A completed swap between `from` and `to` and a problem `from` raised about `to`. */
async function problemAbout(from = cat, to = dan, body: object = NOT_RECEIVED) {
  const swapId = await offerBetween(from, to, ['accepted', 'completed']);
  const created = await reportSwap(from, swapId, body);
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as number, swapId };
}

const reliabilityOf = async (who: typeof ann) =>
  (await call('GET', `/api/users/${who.user.id}`, null)).json().reliability;

describe('GET /api/admin/problems', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/problems', null)).statusCode).toBe(401);
    const member = await call('GET', '/api/admin/problems', ann);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toMatch(/admin/);
  });

  it('lists open problems first with both sides’ history', async () => {
    const earlier = await problemAbout(ann, bob);
    expect(
      (await resolve(earlier.id, { resolution: 'upheld', note: 'Confirmed' })).statusCode,
    ).toBe(200);
    const { id, swapId } = await problemAbout(ann, bob, NO_SHOW);

    const entries = await queue();
    expect(entries[0]?.status).toBe('open');
    const entry = entries.find((e) => e.id === id);
    expect(entry).toMatchObject({
      swapRequestId: swapId,
      circleId: null,
      reason: 'no-show',
      message: NO_SHOW.message,
      status: 'open',
      reporter: { user: { id: ann.user.id, suspended: false }, earlierProblemsRaised: 1 },
      member: {
        user: { id: bob.user.id, email: bob.user.email },
        earlierProblemsAgainst: 1,
        earlierUpheldAgainst: 1,
        earlierProblemsRaised: 0,
      },
    });
    // Reliability figures of each side, completed swaps included.
    expect(entry?.member.reliability.completedSwaps).toBe(2);
    expect(entry?.member.reliability.problemsOpen).toBe(1);
    expect(entry?.member.reliability.problemsUpheld).toBe(1);
    expect(entry?.reporter.reliability.completedSwaps).toBe(2);
  });
});

describe('PATCH /api/admin/problems/:id', () => {
  it('upholds with a note and a warning: the member is warned, the reporter told', async () => {
    const { id } = await problemAbout();
    const response = await resolve(id, {
      resolution: 'upheld',
      note: 'Please send what you promised',
      action: 'warn',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id, status: 'upheld' });
    const [warning] = await notificationsOf(dan);
    expect(warning).toMatchObject({ type: 'account-warning' });
    expect(warning?.text).toMatch(/warned you .*: Please send what you promised/);
    const [told] = await notificationsOf(cat);
    expect(told).toMatchObject({ type: 'problem' });
    expect(told?.text).toMatch(/upheld the problem you reported: Please send/);
    expect((await queue()).find((e) => e.id === id)).toMatchObject({
      status: 'upheld',
      action: 'warn',
      resolutionNote: 'Please send what you promised',
    });

    const again = await resolve(id, { resolution: 'dismissed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This problem was already resolved');
  });

  it('suspends the member through the same path as reports on members', async () => {
    const villain = await offerBetween(ann, cat, ['accepted', 'completed']);
    expect((await reportSwap(ann, villain, NOT_RECEIVED)).statusCode).toBe(201);
    const [problem] = (await queue()).filter((e) => e.member.user.id === cat.user.id);
    const response = await resolve(problem?.id ?? 0, { resolution: 'upheld', action: 'suspend' });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await t.db.execute<{ suspended: boolean }>(sql`
      select suspended_at is not null as suspended from users where id = ${cat.user.id}`);
    expect(rows[0]?.suspended).toBe(true);
    // Signed out: the suspension ended their sessions.
    expect((await call('GET', '/api/auth/user', cat)).statusCode).toBe(401);
  });

  it('dismisses without consequence; an action needs an upheld problem', async () => {
    const { id } = await problemAbout(ann, bob);
    const bad = await resolve(id, { resolution: 'dismissed', action: 'warn' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Only an upheld problem/);
    const before = (await notificationsOf(bob)).length;
    expect((await resolve(id, { resolution: 'dismissed' })).json().status).toBe('dismissed');
    expect((await notificationsOf(bob)).length).toBe(before);
  });

  it.each([
    ['an unknown resolution', { resolution: 'maybe' }, /resolution must be/],
    ['an unknown action', { resolution: 'upheld', action: 'ban' }, /action must be/],
    [
      'a note too long',
      { resolution: 'upheld', note: 'n'.repeat(PROBLEM_NOTE_MAX_LENGTH + 1) },
      /at most/,
    ],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { id } = await problemAbout(ann, bob);
    const response = await resolve(id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('is a 404 for an unknown problem, 403 for members, 401 for visitors', async () => {
    expect((await resolve(999_999, { resolution: 'dismissed' })).statusCode).toBe(404);
    expect((await resolve(1, { resolution: 'dismissed' }, ann)).statusCode).toBe(403);
    expect(
      (await call('PATCH', '/api/admin/problems/1', null, { resolution: 'dismissed' })).statusCode,
    ).toBe(401);
  });
});

describe('reliability on profiles', () => {
  it('counts open and upheld problems about the member, never dismissed ones nor texts', async () => {
    const [one, two, three] = [
      await problemAbout(ann, bob),
      await problemAbout(ann, bob),
      await problemAbout(ann, bob),
    ];
    const before = await reliabilityOf(bob);
    await resolve(one.id, { resolution: 'upheld' });
    await resolve(two.id, { resolution: 'dismissed' });
    const after = await reliabilityOf(bob);
    expect(after.problemsUpheld).toBe(before.problemsUpheld + 1);
    expect(after.problemsOpen).toBe(before.problemsOpen - 2);
    expect(three.id).toBeGreaterThan(0);
    const profile = await call('GET', `/api/users/${bob.user.id}`, null);
    expect(profile.body).not.toContain(NOT_RECEIVED.message);
  });
});
