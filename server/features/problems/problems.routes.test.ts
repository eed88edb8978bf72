import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROBLEM_MESSAGE_MAX_LENGTH } from '../../../shared/limits.js';
import {
  PROBLEM_ALREADY,
  PROBLEM_NOT_YET,
  PROBLEM_TOO_LATE,
} from '../../../shared/policies/problems.js';
import {
  acceptedCircle,
  ageSwap,
  ann,
  bob,
  call,
  cat,
  dan,
  NO_SHOW,
  NOT_RECEIVED,
  notificationsOf,
  offerBetween,
  reportCircle,
  reportSwap,
  setUpProblemsApp,
  t,
} from './problems.fixtures.js';

setUpProblemsApp();

describe('POST /api/swap-requests/:id/problem', () => {
  it('takes a problem from each party once, after completion, and tells the other party', async () => {
    const id = await offerBetween(ann, bob, ['accepted', 'completed']);
    const first = await reportSwap(ann, id, NOT_RECEIVED);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), status: 'open' });

    const again = await reportSwap(ann, id, { reason: 'other', message: 'And another thing' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PROBLEM_ALREADY);

    // Once per party: the other member may raise their own.
    expect((await reportSwap(bob, id, NOT_RECEIVED)).statusCode).toBe(201);

    const [told] = await notificationsOf(bob);
    expect(told).toMatchObject({ type: 'problem', link: '/my-offers' });
    expect(told?.text).toMatch(/reported a problem with your swap \(i did not receive it\)/);
    expect(told?.text).toMatch(/answer in the offer's chat/);
    const { rows } = await t.db.execute<{ member_id: string }>(sql`
      select member_id from problems where id = ${first.json().id}`);
    expect(rows[0]?.member_id).toBe(bob.user.id);
  });

  it('is a 404 to anyone but the two parties, and asks visitors to sign in', async () => {
    const id = await offerBetween(ann, bob, ['accepted', 'completed']);
    const outsider = await reportSwap(cat, id, NOT_RECEIVED);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe('Swap request not found');
    expect((await reportSwap(null, id, NOT_RECEIVED)).statusCode).toBe(401);
    expect((await reportSwap(ann, 999_999, NOT_RECEIVED)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/swap-requests/abc/problem', ann, NOT_RECEIVED)).statusCode,
    ).toBe(404);
  });

  it('takes a no-show once accepted, other reasons only once completed', async () => {
    const pending = await offerBetween(ann, bob, []);
    expect((await reportSwap(ann, pending, NO_SHOW)).json().message).toBe(PROBLEM_NOT_YET);

    const id = await offerBetween(ann, bob, ['accepted']);
    const early = await reportSwap(ann, id, NOT_RECEIVED);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PROBLEM_NOT_YET);
    expect((await reportSwap(ann, id, NO_SHOW)).statusCode).toBe(201);
  });

  it('takes a no-show on an accepted offer cancelled afterwards', async () => {
    const id = await offerBetween(ann, bob, ['accepted']);
    const cancelled = await call('PATCH', `/api/swap-requests/${id}`, bob, {
      status: 'cancelled',
      reason: 'Could not make it',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await reportSwap(ann, id, NO_SHOW)).statusCode).toBe(201);
  });

  it('closes 14 days after completion (after acceptance for a no-show)', async () => {
    const late = await offerBetween(ann, bob, ['accepted', 'completed']);
    await ageSwap(late, 'completed_at', 15);
    const refused = await reportSwap(ann, late, NOT_RECEIVED);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROBLEM_TOO_LATE);

    const inTime = await offerBetween(ann, bob, ['accepted', 'completed']);
    await ageSwap(inTime, 'completed_at', 13);
    expect((await reportSwap(ann, inTime, NOT_RECEIVED)).statusCode).toBe(201);

    const noShow = await offerBetween(ann, bob, ['accepted']);
    await ageSwap(noShow, 'accepted_at', 15);
    expect((await reportSwap(ann, noShow, NO_SHOW)).json().message).toBe(PROBLEM_TOO_LATE);
    await ageSwap(noShow, 'accepted_at', 13);
    expect((await reportSwap(ann, noShow, NO_SHOW)).statusCode).toBe(201);
  });

  it('records acceptance and completion as the offer moves', async () => {
    const id = await offerBetween(ann, bob, ['accepted']);
    const read = async () =>
      (
        await t.db.execute<{ accepted: boolean; completed: boolean }>(sql`
          select accepted_at is not null as accepted, completed_at is not null as completed
          from swap_milestones where swap_request_id = ${id}`)
      ).rows[0];
    expect(await read()).toEqual({ accepted: true, completed: false });
    await call('PATCH', `/api/swap-requests/${id}`, bob, { status: 'completed' });
    expect(await read()).toEqual({ accepted: true, completed: true });
  });

  it.each([
    ['an unknown reason', { reason: 'rude', message: 'x' }, /Choose a reason/],
    ['no reason', { message: 'x' }, /Choose a reason/],
    ['no message', { reason: 'other' }, /say what happened/],
    ['a blank message', { reason: 'other', message: '   ' }, /say what happened/],
    [
      'a message too long',
      { reason: 'other', message: 'x'.repeat(PROBLEM_MESSAGE_MAX_LENGTH + 1) },
      /at most 2000/,
    ],
    ['a message that is not text', { reason: 'other', message: 42 }, /say what happened/],
  ])('refuses %s with 400 and a message', async (_name, body, message) => {
    const id = await offerBetween(ann, bob, ['accepted', 'completed']);
    const response = await reportSwap(ann, id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('takes a message of the longest length allowed', async () => {
    const id = await offerBetween(ann, bob, ['accepted', 'completed']);
    const body = { reason: 'not-as-described', message: 'y'.repeat(PROBLEM_MESSAGE_MAX_LENGTH) };
    expect((await reportSwap(ann, id, body)).statusCode).toBe(201);
  });
});

describe('POST /api/circles/:id/problem', () => {
  it('takes a no-show from a member of an accepted circle, about whoever gives to them', async () => {
    const id = await acceptedCircle();
    const early = await reportCircle(ann, id, NOT_RECEIVED);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PROBLEM_NOT_YET);

    const created = await reportCircle(ann, id, NO_SHOW);
    expect(created.statusCode, created.body).toBe(201);
    const { rows } = await t.db.execute<{ member_id: string }>(sql`
      select member_id from problems where id = ${created.json().id}`);
    // Ann receives Bob's listing: her no-show is about Bob, who hears of it.
    expect(rows[0]?.member_id).toBe(bob.user.id);
    const [told] = await notificationsOf(bob);
    expect(told).toMatchObject({ type: 'problem', link: `/circles/${id}` });
    expect(told?.text).toMatch(/your circle .*answer in the circle's chat/);

    expect((await reportCircle(ann, id, NO_SHOW)).json().message).toBe(PROBLEM_ALREADY);
    expect((await reportCircle(cat, id, NO_SHOW)).statusCode).toBe(201);
  });

  it('is a 404 to outsiders and unknown circles, 401 to visitors', async () => {
    const id = await acceptedCircle();
    const outsider = await reportCircle(dan, id, NO_SHOW);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe('Circle not found');
    expect((await reportCircle(null, id, NO_SHOW)).statusCode).toBe(401);
    expect((await reportCircle(ann, 999_999, NO_SHOW)).statusCode).toBe(404);
  });

  it('takes other reasons once completed, within 14 days', async () => {
    const id = await acceptedCircle([ann, bob, cat]);
    expect((await reportCircle(bob, id, NOT_RECEIVED)).statusCode).toBe(201);
    await t.db.execute(sql`
      update circles set closed_at = now() - interval '15 days', accepted_at = now() - interval '16 days'
      where id = ${id}`);
    expect((await reportCircle(ann, id, NOT_RECEIVED)).json().message).toBe(PROBLEM_TOO_LATE);
    expect((await reportCircle(ann, id, NO_SHOW)).json().message).toBe(PROBLEM_TOO_LATE);
  });

  it('refuses a bad body with 400', async () => {
    const id = await acceptedCircle();
    const response = await reportCircle(ann, id, { reason: 'no-show', message: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/say what happened/);
  });
});
