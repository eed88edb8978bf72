import { describe, expect, it } from 'vitest';
import { DELETED_MEMBER } from '../../../shared/account.js';
import {
  acceptedCircle,
  ann,
  bob,
  cat,
  circleOf,
  loop,
  patch,
  propose,
  request,
  setUpCirclesApp,
} from '../circles/circles.fixtures.js';

/**
 * Issue 40 §5: an erasure seen from the other members of a circle. Ann, Bob and Cat complete a
 * circle, talk and rate each other; then Bob erases his account. (The fixtures' members are
 * shared by the file: Bob goes last.)
 */
setUpCirclesApp();

describe('a circle after one of its members erased their account', () => {
  it('stays whole for the others: legs, chat and ratings, with Deleted member and nothing of Bob', async () => {
    const { id } = await acceptedCircle('Erasure ring');
    for (const who of [ann, bob, cat]) await patch(who, id, { received: true });
    expect((await circleOf(ann, id)).status).toBe('completed');
    await request('POST', `/api/circles/${id}/messages`, bob, { content: 'Thanks, both of you' });
    await request('POST', `/api/circles/${id}/messages`, ann, { content: 'Thank you Bob' });
    for (const [from, to] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      const rated = await request('POST', '/api/feedback', from, {
        toUserId: to.user.id,
        circleId: id,
        rating: 5,
        comment: `From ${from === bob ? 'Bob' : 'Ann'}`,
      });
      expect(rated.statusCode, rated.body).toBe(201);
    }
    // An open proposal through Bob's listing is called off by the erasure.
    const open = await propose(cat, await loop([cat, bob, ann], 'Open ring'));
    expect(open.statusCode, open.body).toBe(201);

    const erased = await request('DELETE', '/api/account', bob, { password: bob.input.password });
    expect(erased.statusCode, erased.body).toBe(200);

    const circle = await circleOf(ann, id);
    expect(circle.status).toBe('completed');
    expect(circle.legs).toHaveLength(3);
    const bobsLeg = circle.legs.find((leg) => leg.giver.id === bob.user.id);
    expect(`${bobsLeg?.giver.firstName} ${bobsLeg?.giver.lastName}`).toBe(DELETED_MEMBER);
    expect(bobsLeg?.giver.nickname).toBeNull();
    const chat = (await request('GET', `/api/circles/${id}/messages`, cat)).json();
    expect(chat.map((m: { content: string }) => m.content)).toEqual([
      'Thanks, both of you',
      'Thank you Bob',
    ]);
    const ratings = (await request('GET', `/api/users/${ann.user.id}/feedback`, null)).json();
    expect(JSON.stringify(ratings)).toContain('From Bob');
    expect((await circleOf(cat, open.json().id)).status).toBe('cancelled');
    const seen = JSON.stringify([circle, chat, ratings]);
    expect(seen).not.toContain(bob.input.nickname);
    expect(seen).not.toContain(bob.input.email);
  });
});
