import { describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import {
  call,
  listItem,
  type Member,
  offer,
  offerer,
  owner,
  patch,
  setUpSwapsApp,
  stranger,
  t,
} from './swaps.fixtures.js';

setUpSwapsApp();

describe('feedback and stats', () => {
  it('lets each party of a completed swap rate the other once, and averages to one decimal', async () => {
    const rater2 = await registerMember(t.app);
    const rater3 = await registerMember(t.app);
    const seller = await registerMember(t.app);
    const ratings: Array<[Member, number]> = [
      [offerer, 4],
      [rater2, 5],
      [rater3, 5],
    ];
    for (const [buyer, rating] of ratings) {
      const request = await offer((await listItem(seller)).id, buyer);
      const early = await call('POST', '/api/feedback', buyer, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(early.statusCode).toBe(409);
      await patch(request.id, 'accepted', seller);
      await patch(request.id, 'completed', buyer);
      const wrongTarget = await call('POST', '/api/feedback', buyer, {
        toUserId: stranger.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(wrongTarget.statusCode).toBe(400);
      const outsider = await call('POST', '/api/feedback', stranger, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(outsider.statusCode).toBe(404);
      const rated = await call('POST', '/api/feedback', buyer, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
        comment: 'Lovely',
      });
      expect(rated.statusCode).toBe(201);
      const again = await call('POST', '/api/feedback', buyer, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(again.statusCode).toBe(409);
    }
    const id = seller.user.id;
    expect((await call('GET', `/api/users/${id}/rating-stats`)).json()).toEqual({
      averageRating: 4.7,
      totalRatings: 3,
    });
    expect((await call('GET', `/api/feedback/${id}`)).json()).toEqual({
      stats: { averageRating: 4.7, totalRatings: 3 },
    });
    expect((await call('GET', `/api/users/${id}/swap-stats`)).json()).toEqual({ totalSwaps: 3 });
    const list = (await call('GET', `/api/users/${id}/feedback`)).json();
    expect(list.stats).toEqual({ averageRating: 4.7, totalRatings: 3 });
    expect(list.feedback).toHaveLength(3);
    expect(list.feedback[0]).toMatchObject({
      toUserId: id,
      comment: expect.any(String),
      fromUser: { id: expect.any(String) },
    });
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it.each([
    [{ rating: 0 }, 'Please select a star rating before submitting'],
    [{ rating: 6 }, 'Please select a star rating before submitting'],
    [{ rating: 3.5 }, 'Please select a star rating before submitting'],
    [{ rating: 4, comment: 'x'.repeat(501) }, 'Comments must be at most 500 characters'],
  ])('validates %o', async (override, message) => {
    const response = await call('POST', '/api/feedback', offerer, {
      toUserId: owner.user.id,
      swapRequestId: 1,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('counts only completed swaps, and answers zeros for a new member', async () => {
    const fresh = await registerMember(t.app);
    expect((await call('GET', `/api/users/${fresh.user.id}/swap-stats`)).json()).toEqual({
      totalSwaps: 0,
    });
    expect((await call('GET', `/api/users/${fresh.user.id}/rating-stats`)).json()).toEqual({
      averageRating: 0,
      totalRatings: 0,
    });
    await offer((await listItem(fresh)).id);
    expect((await call('GET', `/api/users/${fresh.user.id}/swap-stats`)).json()).toEqual({
      totalSwaps: 0,
    });
  });
});
