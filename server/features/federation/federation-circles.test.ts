import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle } from '../../../shared/circles.js';
import { items } from '../../db/schema/items.js';
import { createPeerApp, registerMember } from '../../testing/app.js';
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
  goDown,
  startInstance,
  type TestInstance,
} from '../../testing/instances.js';
import { follow, list, type Member, move, WITHIN } from '../../testing/offers-across.js';

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
// Closing waits for deliveries in flight; one test stops cedar while the others still deliver to
// it, which can hold a close for about a minute on a loaded machine.
afterAll(async () => {
  await Promise.all(all.map((at) => at?.close()));
}, 240_000);

const memberOf = (members: Member[], k: number) => members[k] as Member;

/**
 * A refusal is a chain of four deliveries (the move to the coordinator, its state to the refusing
 * instance, the refusal back, the state to the others), each within 5 s.
 */
const CHAIN_MS = 4 * WITHIN;
/** A member's move or message seen on a third instance: to the coordinator, then on to it. */
const RELAYED_MS = 2 * WITHIN;

/**
 * A loop across the three, proposed by member `by` on their instance (the coordinator: ash
 * unless told); each instance's circle id.
 */
async function proposed(label: string, by = 0) {
  const loop = await loopAcross(all, label);
  const made = await call(
    all[by] as TestInstance,
    'POST',
    '/api/circles',
    memberOf(loop.members, by),
    {
      itemIds: loop.idsOn(by),
    },
  );
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
  /**
   * Every member sees the circle `status` on their instance within 5 s of the move, or `withinMs`
   * when it takes a chain of deliveries (a refusal back to the coordinator, then its state).
   */
  const seenEverywhere = (status: string, withinMs?: number) =>
    Promise.all(
      all.map((at, k) =>
        circleSeen(at, memberOf(loop.members, k), loop.idsOn(k), status, withinMs),
      ),
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
  }, 60_000);

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
        RELAYED_MS,
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
  }, 60_000);

  it('puts each member’s rating of a member of another instance on that member’s profile at home, once', async () => {
    const c = await proposed('Rated');
    await c.moveBy(1, { decision: 'accept' });
    await c.moveBy(2, { decision: 'accept' });
    await c.seenEverywhere('accepted');
    for (const k of [0, 1, 2]) await c.moveBy(k, { received: true });
    // Ann rates on ash (the coordinator) as soon as it completes there: her ratings may reach
    // birch and cedar before the completion does, and are applied once it has.
    const done = await circleSeen(ash, memberOf(c.members, 0), c.idsOn(0), 'completed');
    const giverOnAsh = (k: number) => done.legs[k]?.giver.id as string;
    const rate = (
      at: TestInstance,
      k: number,
      circleId: number,
      toUserId: string,
      rating: number,
      comment: string,
    ) =>
      call(at, 'POST', '/api/feedback', memberOf(c.members, k), {
        toUserId,
        circleId,
        rating,
        comment,
      });
    expect(
      (await rate(ash, 0, c.circleId(0), giverOnAsh(1), 5, 'Birch was lovely')).statusCode,
    ).toBe(201);
    expect((await rate(ash, 0, c.circleId(0), giverOnAsh(2), 3, 'Cedar was late')).statusCode).toBe(
      201,
    );
    const onCedar = await circleSeen(cedar, memberOf(c.members, 2), c.idsOn(2), 'completed');
    const annOnCedar = onCedar.legs[0]?.giver.id as string;
    expect((await rate(cedar, 2, c.circleId(2), annOnCedar, 4, 'Ann was kind')).statusCode).toBe(
      201,
    );

    const onProfile = (at: TestInstance, k: number, comment: string) =>
      eventually(
        `"${comment}" on member ${k}'s profile on ${at.url}`,
        async () => {
          const got = (
            await call(at, 'GET', `/api/users/${memberOf(c.members, k).user.id}/feedback`)
          ).json();
          return (
            got.feedback as Array<{ comment: string; rating: number; circleId: number | null }>
          ).find((entry) => entry.comment === comment);
        },
        10_000,
      );
    expect(await onProfile(birch, 1, 'Birch was lovely')).toMatchObject({
      rating: 5,
      circleId: c.circleId(1),
    });
    expect(await onProfile(cedar, 2, 'Cedar was late')).toMatchObject({
      rating: 3,
      circleId: c.circleId(2),
    });
    expect(await onProfile(ash, 0, 'Ann was kind')).toMatchObject({
      rating: 4,
      circleId: c.circleId(0),
    });
    // A rating goes to the rated member's home only: cedar never hears Ann's rating of Birch.
    const { rows } = await cedar.db.execute<{ n: number }>(
      sql`select count(*)::int as n from feedback where comment = 'Birch was lovely'`,
    );
    expect(rows[0]?.n).toBe(0);
    // Once per rated member and circle.
    expect((await rate(ash, 0, c.circleId(0), giverOnAsh(1), 1, 'Again')).statusCode).toBe(409);
  }, 60_000);

  it('carries the group chat to every instance, each message stored once, unread for the others', async () => {
    const c = await proposed('Chatty');
    const said = await call(
      birch,
      'POST',
      `/api/circles/${c.circleId(1)}/messages`,
      memberOf(c.members, 1),
      {
        content: 'Hello from birch',
      },
    );
    expect(said.statusCode, said.body).toBe(201);
    const replied = await call(
      cedar,
      'POST',
      `/api/circles/${c.circleId(2)}/messages`,
      memberOf(c.members, 2),
      {
        content: 'Cedar here',
      },
    );
    expect(replied.statusCode, replied.body).toBe(201);
    for (const [k, at] of all.entries()) {
      const chat = await eventually(
        `the chat on ${at.url}`,
        async () => {
          const page = (
            await call(at, 'GET', `/api/circles/${c.circleId(k)}/messages`, memberOf(c.members, k))
          ).json() as Array<{ content: string; fromUser: { nickname: string } }>;
          return page.length === 2 && page;
        },
        RELAYED_MS,
      );
      expect(chat.map((m) => m.content).sort()).toEqual(['Cedar here', 'Hello from birch']);
      expect(chat.find((m) => m.content === 'Hello from birch')?.fromUser.nickname).toBe(
        nameOn(at, birch, memberOf(c.members, 1)),
      );
    }
    const onAsh = (
      await call(ash, 'GET', `/api/circles/${c.circleId(0)}`, memberOf(c.members, 0))
    ).json();
    expect(onAsh.unreadCount).toBe(2);
  }, 60_000);

  it('is declined everywhere when one member declines', async () => {
    const c = await proposed('Declined');
    await c.moveBy(2, { decision: 'decline' });
    const declined = await c.seenEverywhere('declined');
    expect(declined[0]?.closedReason).toContain('Declined by');
  }, 60_000);

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
  }, 60_000);
  it('is cancelled everywhere when a listing was promised to a local offer at its home first', async () => {
    const c = await proposed('Promised');
    await c.moveBy(1, { decision: 'accept' });
    // On birch, another member's offer on Bob's listing is accepted before the circle is agreed.
    const dave = await registerMember(birch.app);
    const daves = await list(birch, dave, 'Promised fiddle');
    const offer = await call(birch, 'POST', '/api/swap-requests', dave, {
      itemIds: [c.id(1, 1)],
      offeredItemIds: [daves],
      message: 'My fiddle for it',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await move(birch, memberOf(c.members, 1), offer.json().id, 'accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Cat's accept makes the coordinator agree; birch cannot reserve Bob's listing, refuses, and
    // the coordinator cancels the circle everywhere, freeing the other listings.
    await c.moveBy(2, { decision: 'accept' });
    const cancelled = await c.seenEverywhere('cancelled', CHAIN_MS);
    expect(cancelled[0]?.closedReason).toMatch(/Refused by/);
    expect(await holderOf(birch, c.id(1, 1))).toEqual({
      reservedBy: `offer:${offer.json().id}`,
      isActive: true,
    });
    for (const k of [0, 2])
      await eventually('the listing freed at home', async () => {
        const row = await holderOf(all[k] as TestInstance, c.id(k, k));
        return row?.reservedBy === null;
      });
  }, 60_000);

  it('lets exactly one of a local offer and the circle have a listing when both are agreed at once', async () => {
    const c = await proposed('Race');
    await c.moveBy(1, { decision: 'accept' });
    const dave = await registerMember(birch.app);
    const daves = await list(birch, dave, 'Race fiddle');
    const offer = await call(birch, 'POST', '/api/swap-requests', dave, {
      itemIds: [c.id(1, 1)],
      offeredItemIds: [daves],
      message: 'Racing for it',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const [offerAccept] = await Promise.all([
      move(birch, memberOf(c.members, 1), offer.json().id, 'accepted'),
      c.moveBy(2, { decision: 'accept' }),
    ]);
    const offerWon = offerAccept.statusCode === 200;
    const circleEnd = offerWon ? 'cancelled' : 'accepted';
    await c.seenEverywhere(circleEnd, CHAIN_MS);
    const holder = (await holderOf(birch, c.id(1, 1)))?.reservedBy;
    expect(holder).toBe(offerWon ? `offer:${offer.json().id}` : `circle:${c.circleId(1)}`);
  }, 60_000);

  it('refuses a circle with a member of an instance that does not follow back (409), and a participant that does not follow the coordinator back refuses it', async () => {
    const loop = await loopAcross(all, 'Unfollowed');
    const setFollower = (at: TestInstance, of: TestInstance, state: string) =>
      at.db.execute(
        sql`update instances set follower = ${state} where host = ${new URL(of.url).host}`,
      );
    await setFollower(ash, cedar, 'none');
    try {
      const refused = await call(ash, 'POST', '/api/circles', memberOf(loop.members, 0), {
        itemIds: loop.idsOn(0),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/follow each other/);
    } finally {
      await setFollower(ash, cedar, 'accepted');
    }
    // Ash trades with both, but birch no longer takes ash's deliveries as a follower's.
    await setFollower(birch, ash, 'none');
    try {
      const made = await call(ash, 'POST', '/api/circles', memberOf(loop.members, 0), {
        itemIds: loop.idsOn(0),
      });
      expect(made.statusCode, made.body).toBe(201);
      const declined = await circleSeen(ash, memberOf(loop.members, 0), loop.idsOn(0), 'declined');
      expect(declined.closedReason).toMatch(/Refused by/);
      await circleSeen(cedar, memberOf(loop.members, 2), loop.idsOn(2), 'declined');
      expect(await circlesOf(birch, memberOf(loop.members, 1))).toEqual([]);
    } finally {
      await setFollower(birch, ash, 'accepted');
    }
  }, 60_000);

  it('expires everywhere at its deadline, the coordinator telling the others', async () => {
    const c = await proposed('Lapsed');
    await ash.db.execute(
      sql`update circles set expires_at = now() - interval '1 second' where id = ${c.circleId(0)}`,
    );
    // Another app server of ash records it when it starts, and the state travels.
    const peer = await createPeerApp(ash);
    try {
      await c.seenEverywhere('expired');
    } finally {
      await peer.close();
    }
  }, 60_000);
});

/** Since when `at` has waited for the coordinator to answer a move of its members in a circle. */
async function awaitingOn(at: TestInstance, circleId: number) {
  const { rows } = await at.db.execute<{ since: string | null }>(
    sql`select awaiting_since as since from federated_circles where circle_id = ${circleId}`,
  );
  return rows[0]?.since ?? null;
}

/** An agreed circle across the three, coordinated by member `by`'s instance. */
async function agreed(label: string, by = 0) {
  const c = await proposed(label, by);
  for (const k of [0, 1, 2]) if (k !== by) await c.moveBy(k, { decision: 'accept' });
  await c.seenEverywhere('accepted');
  return c;
}

describe('an instance that stops answering', () => {
  it('a participant that waited 24 h for the coordinator expires the circle and tells the coordinator, which ends it everywhere', async () => {
    const c = await agreed('Unheard');
    // Bob marks his listing received; ash's state answers it, and birch waits no more.
    await c.moveBy(1, { received: true });
    await eventually(
      'ash answered birch',
      async () => (await awaitingOn(birch, c.circleId(1))) === null,
    );
    // Had ash not answered for 25 hours (the wait moved back instead), birch gives up on it.
    await birch.db.execute(
      sql`update federated_circles set awaiting_since = now() - interval '25 hours' where circle_id = ${c.circleId(1)}`,
    );
    const peer = await createPeerApp(birch);
    try {
      const expired = await circleSeen(birch, memberOf(c.members, 1), c.idsOn(1), 'expired');
      expect(expired.closedReason).toBe(`${new URL(ash.url).host} did not answer for 24 hours`);
      await eventually('birch’s listing freed', async () => {
        const row = await holderOf(birch, c.id(1, 1));
        return row?.reservedBy === null;
      });
      // Ash hears it and ends the circle for the others.
      for (const k of [0, 2]) {
        const ended = await circleSeen(
          all[k] as TestInstance,
          memberOf(c.members, k),
          c.idsOn(k),
          'cancelled',
          CHAIN_MS,
        );
        expect(ended.closedReason).toMatch(/^Refused by .*did not answer for 24 hours$/);
      }
    } finally {
      await peer.close();
    }
  }, 90_000);

  it('a coordinator back after the participant gave up hears it at its next state', async () => {
    const c = await agreed('Returned');
    // Birch expired it while ash was away, and its refusal ran out of retries.
    await birch.db.execute(
      sql`update circles set status = 'expired', closed_at = now(), closed_reason = 'gave up' where id = ${c.circleId(1)}`,
    );
    await birch.db.execute(
      sql`update federated_circles set awaiting_since = now() - interval '3 days' where circle_id = ${c.circleId(1)}`,
    );
    await c.moveBy(0, { received: true });
    const ended = await circleSeen(ash, memberOf(c.members, 0), c.idsOn(0), 'cancelled', CHAIN_MS);
    expect(ended.closedReason).toMatch(/^Refused by .*: gave up$/);
    await circleSeen(cedar, memberOf(c.members, 2), c.idsOn(2), 'cancelled', CHAIN_MS);
    expect(
      (await circlesOf(birch, memberOf(c.members, 1))).find((x) => x.id === c.circleId(1))?.status,
    ).toBe('expired');
  }, 60_000);

  it('expires the circle 24 h after its state went unanswered, releasing the reservations', async () => {
    const c = await agreed('Silent');
    // A circle cedar coordinates, agreed before it goes down.
    const u = await agreed('Unanswered', 2);
    // Every instance acknowledges the state (a Read, after applying it): nothing to expire.
    await eventually('both acknowledgements on ash', async () => {
      const { rows } = await ash.db.execute<{ n: number }>(
        sql`select count(*)::int as n from federated_circle_peers where circle_id = ${c.circleId(0)} and heard_at >= sent_at`,
      );
      return rows[0]?.n === 2;
    });
    // Cedar goes down; Ann marks her listing received, a state cedar never answers.
    await goDown(cedar);
    await c.moveBy(0, { received: true });
    await eventually('the state unanswered', async () => {
      const { rows } = await ash.db.execute<{ n: number }>(
        sql`select count(*)::int as n from federated_circle_peers where circle_id = ${c.circleId(0)} and (heard_at is null or heard_at < sent_at)`,
      );
      return rows[0]?.n === 1;
    });
    // Bob marks his listing of cedar's circle received: birch waits for cedar, which never answers.
    await u.moveBy(1, { received: true });
    expect(await awaitingOn(birch, u.circleId(1))).not.toBeNull();
    // 25 hours later (its times moved back instead): two app servers of ash look at once.
    await ash.db.execute(
      sql`update federated_circle_peers set sent_at = sent_at - interval '25 hours', heard_at = heard_at - interval '25 hours' where circle_id = ${c.circleId(0)}`,
    );
    await birch.db.execute(
      sql`update federated_circles set awaiting_since = awaiting_since - interval '25 hours' where circle_id = ${u.circleId(1)}`,
    );
    const birchPeer = await createPeerApp(birch);
    try {
      const given = await circleSeen(birch, memberOf(u.members, 1), u.idsOn(1), 'expired');
      expect(given.closedReason).toBe(`${new URL(cedar.url).host} did not answer for 24 hours`);
      expect(await holderOf(birch, u.id(1, 1))).toEqual({ reservedBy: null, isActive: true });
    } finally {
      await birchPeer.close();
    }
    const peers = await Promise.all([createPeerApp(ash), createPeerApp(ash)]);
    try {
      const expired = await circleSeen(ash, memberOf(c.members, 0), c.idsOn(0), 'expired');
      expect(expired.closedReason).toMatch(/did not answer for 24 hours/);
      await circleSeen(birch, memberOf(c.members, 1), c.idsOn(1), 'expired');
      expect(await holderOf(ash, c.id(0, 0))).toEqual({ reservedBy: null, isActive: true });
      await eventually('birch’s listing freed', async () => {
        const row = await holderOf(birch, c.id(1, 1));
        return row?.reservedBy === null;
      });
      const { rows: told } = await ash.db.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications where recipient_id = ${memberOf(c.members, 0).user.id} and subject_key = ${`circle:${c.circleId(0)}:expired`}`,
      );
      expect(told[0]?.n).toBe(1);
    } finally {
      await Promise.all(peers.map((peer) => peer.close()));
    }
  }, 120_000);
});
