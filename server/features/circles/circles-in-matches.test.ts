import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import {
  ann,
  bob,
  cat,
  circleOf,
  loop,
  type Member,
  patch,
  propose,
  request,
  setUpCirclesApp,
  t,
} from './circles.fixtures.js';

setUpCirclesApp();

describe('circles in GET /api/matches', () => {
  it('shows each circle in the matches with its open proposal, and none once it closed', async () => {
    const ids = await loop([ann, bob, cat], 'Shown');
    const proposalOf = async (who: Member) => {
      const matches: Matches = (await request('GET', '/api/matches', who)).json();
      const circle = matches.circles.find(
        (c) => [...c.itemIds].sort().join() === [...ids].sort().join(),
      );
      expect(circle, 'the circle is in the matches').toBeDefined();
      return circle?.proposal;
    };
    expect(await proposalOf(ann)).toBeNull();

    const first = (await propose(ann, ids)).json().id as number;
    expect(await proposalOf(ann)).toEqual({ id: first, status: 'proposed', accepted: true });
    // The same loop as Bob's matches write it (from his listing) names the same proposal.
    expect(await proposalOf(bob)).toEqual({ id: first, status: 'proposed', accepted: false });
    await patch(bob, first, { decision: 'decline' });
    expect(await proposalOf(ann)).toBeNull();
    expect(await proposalOf(bob)).toBeNull();

    // Declined: it can be proposed again, from any member's side.
    const again = await propose(bob, [ids[1], ids[2], ids[0]]);
    expect(again.statusCode).toBe(201);
    const second = again.json().id as number;
    expect(await proposalOf(cat)).toEqual({ id: second, status: 'proposed', accepted: false });
    await patch(cat, second, { decision: 'accept' });
    expect(await proposalOf(cat)).toEqual({ id: second, status: 'proposed', accepted: true });

    // Past its deadline it is expired at once, before the timer records it, and the loop can be
    // proposed again right away (the proposal records the lapse).
    await t.db.execute(
      sql`update circles set expires_at = now() - interval '1 second' where id = ${second}`,
    );
    expect(await proposalOf(ann)).toBeNull();
    const third = await propose(cat, [ids[2], ids[0], ids[1]]);
    expect(third.statusCode).toBe(201);
    expect((await circleOf(bob, second)).status).toBe('expired');
    const stored = await t.db.execute<{ status: string }>(
      sql`select status from circles where id = ${second}`,
    );
    expect(stored.rows[0]?.status).toBe('expired');
    expect(await proposalOf(ann)).toEqual({
      id: third.json().id,
      status: 'proposed',
      accepted: false,
    });
    // Accepted by everyone, its listings are reserved: the circle leaves the matches (above).
  });
});
