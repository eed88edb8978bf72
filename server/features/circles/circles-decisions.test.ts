import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import { CANNOT_CONTACT } from '../../../shared/policies/members.js';
import { users } from '../../db/schema/users.js';
import { createListing, putWants } from '../matching/matching.testing.js';
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

/** Accepting and declining a proposed circle: what each decision does, and who may take it. */

setUpCirclesApp();

describe('PATCH /api/circles/:id', () => {
  it('is accepted when everyone accepts, and then reserves its listings', async () => {
    const { id, ids } = await acceptedCircle('Reserve');
    const circle = await circleOf(ann, id);
    expect(circle.status).toBe('accepted');
    expect(circle.acceptedAt).not.toBeNull();
    expect(circle.actions).toEqual(['receive', 'cancel']);
    for (const itemId of ids) expect((await itemOf(itemId)).isReserved).toBe(true);

    // No offer can name a reserved listing (issue 38), asked for or offered.
    const offer = await request('POST', '/api/swap-requests', dan, {
      itemId: ids[0],
      message: 'Would you swap?',
    });
    expect(offer.statusCode).toBe(409);
    expect(offer.json().message).toMatch(/reserved/);
  });

  it('takes reserved listings out of everyone’s matches', async () => {
    const ids = await loop([ann, bob, cat], 'Matches');
    const dans = await createListing(t.app, dan.cookie, { title: 'Matches drum' });
    await putWants(t.app, dan.cookie, dans, [ids[1] as number]);
    const wantedBy = async (who: Member) =>
      ((await request('GET', '/api/matches', who)).json() as Matches).wanted.map((w) => w.id);
    const circlesOf = async (who: Member) =>
      ((await request('GET', '/api/matches', who)).json() as Matches).circles.map((c) => c.itemIds);
    expect(await wantedBy(dan)).toContain(ids[1]);
    expect(await circlesOf(ann)).toContainEqual(ids);
    const { id } = (await propose(ann, ids)).json();
    await patch(bob, id, { decision: 'accept' });
    await patch(cat, id, { decision: 'accept' });
    expect(await wantedBy(dan)).not.toContain(ids[1]);
    expect(await circlesOf(ann)).not.toContainEqual(ids);
  });

  it('ends for everyone at one decline; a later accept is refused', async () => {
    const ids = await loop([ann, bob, cat], 'Decline');
    const { id } = (await propose(ann, ids)).json();
    const declined = await patch(bob, id, { decision: 'decline' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('declined');
    expect(declined.json().closedReason).toMatch(/^Declined by /);
    const late = await patch(cat, id, { decision: 'accept' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/declined/);
    expect((await patch(dan, id, { decision: 'accept' })).statusCode).toBe(404);
  });

  it('refuses an accept across a block (403) and leaves declining open to both', async () => {
    const ids = await loop([ann, bob, cat], 'Blocked');
    const { id } = (await propose(ann, ids)).json();
    expect((await request('POST', `/api/users/${bob.user.id}/block`, cat)).statusCode).toBe(200);
    try {
      for (const who of [bob, cat]) {
        expect((await circleOf(who, id)).actions).toEqual(['decline']);
        const refused = await patch(who, id, { decision: 'accept' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(CANNOT_CONTACT);
      }
      // The proposer blocked no one: nothing changes for them.
      expect((await circleOf(ann, id)).actions).toEqual(['decline']);
      const declined = await patch(bob, id, { decision: 'decline' });
      expect(declined.statusCode).toBe(200);
      expect(declined.json().status).toBe('declined');
    } finally {
      await request('DELETE', `/api/users/${bob.user.id}/block`, cat);
    }
  });

  it('lets the proposer withdraw a proposal, and nobody accept twice', async () => {
    const ids = await loop([ann, bob, cat], 'Withdraw');
    const { id } = (await propose(ann, ids)).json();
    expect((await patch(ann, id, { decision: 'accept' })).statusCode).toBe(409);
    expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(200);
    expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(409);
    expect((await patch(ann, id, { decision: 'decline' })).json().status).toBe('declined');
  });

  it('refuses receipts and completion before acceptance, and bodies that say nothing', async () => {
    const ids = await loop([ann, bob, cat], 'Early');
    const { id } = (await propose(ann, ids)).json();
    const early = await patch(bob, id, { received: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/once everyone has accepted/);
    const complete = await patch(bob, id, { status: 'completed' });
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toMatch(/not been accepted/);
    for (const body of [{}, { decision: 'maybe' }, { received: false }, { status: 'cancelled' }]) {
      const response = await patch(bob, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await patch(null, id, { decision: 'accept' })).statusCode).toBe(401);
  });

  it('refuses to trade a suspended member’s listing', async () => {
    const ids = await loop([ann, bob, cat], 'Suspended');
    const { id } = (await propose(ann, ids)).json();
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, cat.user.id));
    try {
      expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(409);
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, cat.user.id));
    }
    expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(200);
  });

  it('lets exactly one of 20 circles sharing a listing be accepted when their last accepts race', async () => {
    const shared = await createListing(t.app, ann.cookie, { title: 'Shared lamp' });
    const bobs: number[] = [];
    const cats: number[] = [];
    for (let k = 0; k < 20; k++) {
      bobs.push(await createListing(t.app, bob.cookie, { title: `Race book ${k}` }));
      cats.push(await createListing(t.app, cat.cookie, { title: `Race game ${k}` }));
    }
    await putWants(t.app, ann.cookie, shared, bobs);
    for (let k = 0; k < 20; k++) {
      await putWants(t.app, bob.cookie, bobs[k] as number, [cats[k] as number]);
      await putWants(t.app, cat.cookie, cats[k] as number, [shared]);
    }
    const circleIds: number[] = [];
    for (let k = 0; k < 20; k++) {
      const created = await propose(cat, [shared, bobs[k], cats[k]]);
      expect(created.statusCode).toBe(201);
      circleIds.push(created.json().id);
      expect((await patch(ann, created.json().id, { decision: 'accept' })).statusCode).toBe(200);
    }
    const answers = await Promise.all(
      circleIds.map((id) => patch(bob, id, { decision: 'accept' })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from circles where id = any(${sql.param(circleIds)}::int[]) and status = 'accepted'`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
