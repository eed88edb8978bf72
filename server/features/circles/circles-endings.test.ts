import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createPeerApp } from '../../testing/app.js';
import {
  acceptedCircle,
  ann,
  bob,
  cat,
  circleOf,
  dan,
  itemOf,
  loop,
  type Member,
  patch,
  propose,
  request,
  setUpCirclesApp,
  t,
} from './circles.fixtures.js';

/** How a circle ends: completed and rated, cancelled, expired, or closed when a listing goes. */

setUpCirclesApp();

describe('PATCH /api/circles/:id', () => {
  it('completes at the last receipt: listings off the market, swap counts up, ratings once each', async () => {
    const swapsOf = async (who: Member) =>
      (await request('GET', `/api/users/${who.user.id}/swap-stats`, null)).json()
        .totalSwaps as number;
    const counts = [await swapsOf(ann), await swapsOf(bob), await swapsOf(cat)];
    const { id, ids } = await acceptedCircle('Complete');
    expect((await patch(ann, id, { status: 'completed' })).json().message).toMatch(
      /confirms the listing they received/,
    );
    expect((await patch(ann, id, { received: true })).json().status).toBe('accepted');
    expect((await patch(ann, id, { received: true })).statusCode).toBe(409);
    expect((await patch(bob, id, { received: true })).json().status).toBe('accepted');
    const done = await patch(cat, id, { received: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    expect(done.json().legs.every((leg: { receivedAt: string | null }) => leg.receivedAt)).toBe(
      true,
    );
    for (const itemId of ids) {
      const item = await itemOf(itemId);
      expect([item.isActive, item.isReserved]).toEqual([false, false]);
    }
    expect([await swapsOf(ann), await swapsOf(bob), await swapsOf(cat)]).toEqual(
      counts.map((n) => n + 1),
    );

    const rate = (who: Member, to: Member | string, circleId: unknown = id) =>
      request('POST', '/api/feedback', who, {
        toUserId: typeof to === 'string' ? to : to.user.id,
        circleId,
        rating: 5,
        comment: 'Smooth',
      });
    expect((await rate(ann, bob)).statusCode).toBe(201);
    expect((await rate(ann, cat)).statusCode).toBe(201);
    const again = await rate(ann, bob);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already rated this member/);
    expect((await rate(ann, ann)).statusCode).toBe(400);
    expect((await rate(dan, ann)).statusCode).toBe(404);
    expect((await rate(ann, dan)).statusCode).toBe(400);
    const both = await request('POST', '/api/feedback', ann, {
      toUserId: bob.user.id,
      circleId: id,
      swapRequestId: 1,
      rating: 4,
    });
    expect(both.statusCode).toBe(400);
    expect((await circleOf(ann, id)).ratedUserIds.sort()).toEqual(
      [bob.user.id, cat.user.id].sort(),
    );
    expect((await circleOf(bob, id)).ratedUserIds).toEqual([]);
  });

  it('refuses a rating before completion', async () => {
    const { id } = await acceptedCircle('Rate early');
    const response = await request('POST', '/api/feedback', ann, {
      toUserId: bob.user.id,
      circleId: id,
      rating: 5,
    });
    expect(response.statusCode).toBe(409);
  });

  it('cancels an accepted circle before any receipt, with the reason, freeing its listings', async () => {
    const { id, ids } = await acceptedCircle('Cancel');
    expect((await patch(bob, id, { status: 'cancelled', reason: '   ' })).statusCode).toBe(400);
    const cancelled = await patch(bob, id, { status: 'cancelled', reason: 'Broke it, sorry' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().closedReason).toMatch(/: Broke it, sorry$/);
    for (const itemId of ids) expect((await itemOf(itemId)).isReserved).toBe(false);

    const second = await acceptedCircle('Cancel late');
    expect((await patch(cat, second.id, { received: true })).statusCode).toBe(200);
    const late = await patch(ann, second.id, { status: 'cancelled', reason: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already been received/);
  });

  it('expires a proposal after its deadline: read as expired at once, recorded by the job', async () => {
    const ids = await loop([ann, bob, cat], 'Expire');
    const { id } = (await propose(ann, ids)).json();
    await t.db.execute(
      sql`update circles set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    expect((await circleOf(bob, id)).status).toBe('expired');
    const late = await patch(bob, id, { decision: 'accept' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
    // Another app server starting records it (each runs the expiry when ready, then every 10 min).
    const status = async () =>
      (await t.db.execute<{ status: string }>(sql`select status from circles where id = ${id}`))
        .rows[0]?.status;
    expect(await status()).toBe('proposed');
    const peer = await createPeerApp(t);
    try {
      await vi.waitFor(async () => expect(await status()).toBe('expired'), { timeout: 5000 });
    } finally {
      await peer.close();
    }
  });

  it('closes proposals whose listing is swapped elsewhere or deleted', async () => {
    const ids = await loop([ann, bob, cat], 'Gone');
    const { id } = (await propose(ann, ids)).json();
    const removed = await request('DELETE', `/api/items/${ids[2]}`, cat);
    expect(removed.statusCode).toBe(200);
    const circle = await circleOf(ann, id);
    expect(circle.status).toBe('cancelled');
    expect(circle.closedReason).toMatch(/withdrawn by its owner/);
  });
});
