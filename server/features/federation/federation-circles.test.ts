import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle } from '../../../shared/circles.js';
import { items } from '../../db/schema/items.js';
import {
  circleSeen,
  circlesOf,
  loopAcross,
  moveCircle,
  nameOn,
} from '../../testing/circles-across.js';
import {
  callAt as call,
  eventually,
  startInstance,
  type TestInstance,
} from '../../testing/instances.js';
import { follow, type Member } from '../../testing/offers-across.js';

/**
 * Circles across instances (issue 39 §2): three real instances on loopback that follow one
 * another, a member on each; the proposer's instance coordinates, and every move made on one
 * instance reaches the other two within 5 s.
 */
let ash: TestInstance;
let birch: TestInstance;
let cedar: TestInstance;
let all: TestInstance[];

beforeAll(async () => {
  [ash, birch, cedar] = await Promise.all([
    startInstance('ash'),
    startInstance('birch'),
    startInstance('cedar'),
  ]);
  all = [ash, birch, cedar];
  for (const from of all) for (const to of all) if (from !== to) await follow(from, to);
}, 90_000);
afterAll(async () => {
  await Promise.all(all.map((at) => at?.close()));
});

const memberOf = (members: Member[], k: number) => members[k] as Member;

/** A loop across the three, proposed on ash (the coordinator); each instance's circle id. */
async function proposed(label: string) {
  const loop = await loopAcross(all, label);
  const made = await call(ash, 'POST', '/api/circles', memberOf(loop.members, 0), {
    itemIds: loop.idsOn(0),
  });
  expect(made.statusCode, made.body).toBe(201);
  const ids = await Promise.all(
    all.map(
      async (at, k) =>
        (await circleSeen(at, memberOf(loop.members, k), loop.idsOn(k), 'proposed')).id,
    ),
  );
  const circleId = (k: number) => ids[k] as number;
  /** Member k moves the circle on their own instance. */
  const moveBy = async (k: number, body: object) => {
    const moved = await moveCircle(
      all[k] as TestInstance,
      memberOf(loop.members, k),
      circleId(k),
      body,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    return moved.json() as Circle;
  };
  /** Every member sees the circle `status` on their instance within 5 s. */
  const seenEverywhere = (status: string) =>
    Promise.all(
      all.map((at, k) => circleSeen(at, memberOf(loop.members, k), loop.idsOn(k), status)),
    );
  return { ...loop, circleId, moveBy, seenEverywhere };
}

/** Who holds listing `id` on `at` now (`items.reserved_by`), and whether it is on the market. */
async function holderOf(at: TestInstance, id: number) {
  const [row] = await at.db
    .select({ reservedBy: items.reservedBy, isActive: items.isActive })
    .from(items)
    .where(eq(items.id, id));
  return row;
}

describe('a circle across three instances', () => {
  it('is proposed on the coordinator and shows on every instance with its own id', async () => {
    const { members, idsOn } = await loopAcross(all, 'Proposed');
    const made = await call(ash, 'POST', '/api/circles', memberOf(members, 0), {
      itemIds: idsOn(0),
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const [k, at] of all.entries()) {
      const circle = await circleSeen(at, memberOf(members, k), idsOn(k), 'proposed');
      expect(circle.legs.map((leg) => leg.item.id)).toEqual(idsOn(k));
      expect(circle.legs.map((leg) => leg.giver.nickname)).toEqual(
        all.map((home, g) => nameOn(at, home, memberOf(members, g))),
      );
      expect(circle.legs.map((leg) => leg.decision)).toEqual(['accepted', 'pending', 'pending']);
      const one = await call(at, 'GET', `/api/circles/${circle.id}`, memberOf(members, k));
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().actions).toEqual(k === 0 ? ['decline'] : ['accept', 'decline']);
    }
  });

  it('is agreed once every member accepted on their own instance, each listing reserved at home, and completed by the receipts', async () => {
    const c = await proposed('Agreed');
    await c.moveBy(1, { decision: 'accept' });
    // Birch's accept travels to ash, which tells cedar.
    for (const [k, at] of all.entries()) {
      await eventually(
        `birch's accept on ${at.url}`,
        async () => {
          const circle = (await circlesOf(at, memberOf(c.members, k))).find(
            (x) => x.id === c.circleId(k),
          );
          return circle?.legs[1]?.decision === 'accepted';
        },
        5_000,
      );
    }
    await c.moveBy(2, { decision: 'accept' });
    const agreed = await c.seenEverywhere('accepted');
    for (const [k, at] of all.entries()) {
      expect(agreed[k]?.legs.map((leg) => leg.decision)).toEqual([
        'accepted',
        'accepted',
        'accepted',
      ]);
      // Each instance's own listing is reserved for its own copy of the circle.
      expect(await holderOf(at, c.id(k, k))).toEqual({
        reservedBy: `circle:${c.circleId(k)}`,
        isActive: true,
      });
    }
    // A listing reserved at home takes no other trade.
    const taken = await call(birch, 'POST', '/api/swap-requests', birch.admin, {
      itemIds: [c.id(1, 1)],
      message: 'Mine instead?',
    });
    expect(taken.statusCode, taken.body).toBe(409);

    for (const k of [0, 1, 2]) await c.moveBy(k, { received: true });
    await c.seenEverywhere('completed');
    for (const [k, at] of all.entries())
      expect(await holderOf(at, c.id(k, k))).toEqual({ reservedBy: null, isActive: false });
  });

  it('is declined everywhere when one member declines', async () => {
    const c = await proposed('Declined');
    await c.moveBy(2, { decision: 'decline' });
    const declined = await c.seenEverywhere('declined');
    expect(declined[0]?.closedReason).toContain('Declined by');
  });

  it('is cancelled everywhere with its reason, and every listing freed', async () => {
    const c = await proposed('Cancelled');
    await c.moveBy(1, { decision: 'accept' });
    await c.moveBy(2, { decision: 'accept' });
    await c.seenEverywhere('accepted');
    await c.moveBy(1, { status: 'cancelled', reason: 'My bellows cracked' });
    const cancelled = await c.seenEverywhere('cancelled');
    for (const [k, at] of all.entries()) {
      expect(cancelled[k]?.closedReason).toContain('My bellows cracked');
      expect(await holderOf(at, c.id(k, k))).toEqual({ reservedBy: null, isActive: true });
    }
  });
});
