import { Accept, Create, Link, Note, Update } from '@fedify/vocab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import {
  callAt as call,
  deliverSigned,
  eventually,
  startInstance,
  type TestInstance,
} from '../../testing/instances.js';
import { follow, heldAs, list, type Member } from '../../testing/offers-across.js';
import { circleOffer, circleStateAgreement } from './circles-object.js';

/**
 * What another instance, or someone pretending, may send about a circle across instances (issue
 * 39 §2), signed with real members' keys over real HTTP: answers from members not in the circle,
 * a state from anyone but the coordinator, the same Offer or Note twice, a Note to the public,
 * and a circle from an instance that does not follow back.
 */
let home: TestInstance;
let peer: TestInstance;
let stranger: TestInstance;
let ann: Member;
let carl: Member;
let bob: Member;
let intruder: Member;

beforeAll(async () => {
  [home, peer, stranger] = await Promise.all([
    startInstance('home'),
    startInstance('peer'),
    startInstance('stranger'),
  ]);
  await follow(home, peer);
  await follow(peer, home);
  // Stranger follows peer, which never follows it back.
  await follow(stranger, peer);
  [ann, carl, bob, intruder] = await Promise.all([
    registerMember(home.app),
    registerMember(home.app),
    registerMember(peer.app),
    registerMember(peer.app),
  ]);
}, 90_000);
afterAll(async () => {
  await Promise.all([home?.close(), peer?.close(), stranger?.close()]);
});

const actorAt = (at: TestInstance, member: Member) => `${at.url}/ap/actors/${member.user.id}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/**
 * A loop Ann (home) → Bob (peer) → Carl (home): each wants the next one's listing. Returns the
 * listings' ActivityPub ids in loop order and home's and peer's local ids.
 */
async function loop(label: string) {
  const a = await list(home, ann, `${label} anvil`);
  const b = await list(peer, bob, `${label} bellows`);
  const c = await list(home, carl, `${label} crucible`);
  const bOnHome = await heldAs(home, peer, b, `${label} bellows`);
  const aOnPeer = await heldAs(peer, home, a, `${label} anvil`);
  const cOnPeer = await heldAs(peer, home, c, `${label} crucible`);
  const want = async (at: TestInstance, who: Member, id: number, wanted: number) =>
    expect(
      (await call(at, 'PUT', `/api/items/${id}/wants`, who, { itemIds: [wanted] })).statusCode,
    ).toBe(200);
  await want(home, ann, a, bOnHome);
  await want(peer, bob, b, cOnPeer);
  await want(home, carl, c, a);
  const hrefs = [`${home.url}/item/${a}`, `${peer.url}/item/${b}`, `${home.url}/item/${c}`];
  // Carl's want of Ann's listing travels to peer with Carl's listing, and Bob's to home with his.
  const wantsOn = (at: TestInstance, ids: number[]) =>
    eventually(
      `the loop’s wants on ${at.url}`,
      async () => {
        const { rows } = await at.db.execute<{ n: number }>(
          sql`select count(*)::int as n from want_edges where from_item_id = any(${`{${ids.join(',')}}`}::int[])`,
        );
        return (rows[0]?.n ?? 0) >= 3;
      },
      15_000,
    );
  await wantsOn(peer, [aOnPeer, b, cOnPeer]);
  await wantsOn(home, [a, bOnHome, c]);
  return { hrefs, homeIds: [a, bOnHome, c], peerIds: [aOnPeer, b, cOnPeer] };
}

/** Ann's circle Offer for `hrefs`, as JSON. */
async function offerJson(hrefs: string[], from: TestInstance = home, proposer: Member = ann) {
  const me = new URL(actorAt(from, proposer));
  const offer = circleOffer({
    id: new URL(`${me.href}#circles/${crypto.randomUUID()}`),
    proposer: me,
    members: [new URL(actorAt(peer, bob))],
    listings: hrefs,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: offer.id?.href as string, json: await offer.toJsonLd({ format: 'compact' }) };
}

const circlesOn = async (at: TestInstance) =>
  (
    await at.db.execute<{ circle_id: number; offer_id: string }>(
      sql`select circle_id, offer_id from federated_circles`,
    )
  ).rows;

/** A state of the loop's circle (`offerId`) as `actor` sends it: an Update of its Agreement. */
const stateUpdate = (
  actor: URL,
  offerId: string,
  homeIds: number[],
  peerIds: number[],
  state: Parameters<typeof circleStateAgreement>[0]['state'],
) =>
  new Update({
    id: new URL(`${actor.href}#circle-state/${crypto.randomUUID()}`),
    actor,
    tos: [new URL(actorAt(peer, bob))],
    object: circleStateAgreement({
      offerId,
      listings: [
        `${home.url}/item/${homeIds[0]}`,
        `${peer.url}/item/${peerIds[1]}`,
        `${home.url}/item/${homeIds[2]}`,
      ],
      state,
    }),
  });

/** Ann proposes the circle on home: its id there, its Offer's id, and peer's id of it. */
async function proposedByAnn(homeIds: number[]) {
  const made = await call(home, 'POST', '/api/circles', ann, { itemIds: homeIds });
  expect(made.statusCode, made.body).toBe(201);
  const circleId = made.json().id as number;
  const [mapped] = (await circlesOn(home)).filter((row) => row.circle_id === circleId);
  const offerId = mapped?.offer_id as string;
  const peerCircle = await eventually('the circle on peer', async () => {
    const { rows } = await peer.db.execute<{ circle_id: number }>(
      sql`select circle_id from federated_circles where offer_id = ${offerId}`,
    );
    return rows[0]?.circle_id;
  });
  return { circleId, offerId, peerCircle };
}

describe('circles across instances under attack', () => {
  it('stores the same Offer delivered twice once', async () => {
    const { hrefs } = await loop('Twice');
    const { id, json } = await offerJson(hrefs);
    const [first, second] = await Promise.all([
      deliverSigned(home, ann.user.id, peer, json),
      deliverSigned(home, ann.user.id, peer, json),
    ]);
    expect(first.status).toBeLessThan(300);
    expect(second.status).toBeLessThan(300);
    await eventually('the circle on peer', async () =>
      (await circlesOn(peer)).some((row) => row.offer_id === id),
    );
    expect(await deliverSigned(home, ann.user.id, peer, json).then((r) => r.status)).toBeLessThan(
      300,
    );
    await settle();
    expect((await circlesOn(peer)).filter((row) => row.offer_id === id)).toHaveLength(1);
  }, 60_000);

  it('ignores answers from members not in the circle, forged ones, and a state from anyone but the coordinator', async () => {
    const { homeIds, peerIds } = await loop('Guarded');
    const { circleId, offerId, peerCircle } = await proposedByAnn(homeIds);
    const bobsDecision = async () => {
      const { rows } = await home.db.execute<{ decision: string }>(
        sql`select decision from circle_legs where circle_id = ${circleId} and position = 1`,
      );
      return rows[0]?.decision;
    };

    // The intruder, a member of peer but not of the circle, accepts it.
    const byIntruder = new Accept({
      id: new URL(`${actorAt(peer, intruder)}#accept/${crypto.randomUUID()}`),
      actor: new URL(actorAt(peer, intruder)),
      object: new URL(offerId),
    });
    expect(
      (await deliverSigned(peer, intruder.user.id, home, await byIntruder.toJsonLd())).status,
    ).toBeLessThan(300);
    // The intruder signs an accept in Bob's name: the signature is not Bob's.
    const forged = new Accept({
      id: new URL(`${actorAt(peer, bob)}#accept/${crypto.randomUUID()}`),
      actor: new URL(actorAt(peer, bob)),
      object: new URL(offerId),
    });
    expect(
      (await deliverSigned(peer, intruder.user.id, home, await forged.toJsonLd())).status,
    ).toBeGreaterThanOrEqual(400);
    await settle();
    expect(await bobsDecision()).toBe('pending');

    // Ann, a member but not the coordinator's instance actor, sends peer a state: all accepted.
    const fakeState = stateUpdate(new URL(actorAt(home, ann)), offerId, homeIds, peerIds, {
      status: 'accepted',
      accepted: [0, 1, 2],
      declined: [],
      received: [],
      reason: null,
    });
    expect(
      (await deliverSigned(home, ann.user.id, peer, await fakeState.toJsonLd())).status,
    ).toBeLessThan(300);
    await settle();
    const { rows } = await peer.db.execute<{ status: string }>(
      sql`select status from circles where id = ${peerCircle}`,
    );
    expect(rows[0]?.status).toBe('proposed');

    // Bob's own accept, from his instance, counts.
    const accepted = await call(peer, 'PATCH', `/api/circles/${peerCircle}`, bob, {
      decision: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await eventually('Bob’s accept on home', async () => (await bobsDecision()) === 'accepted');

    // A Note to the public and the same Note twice.
    const note = (to: string[]) =>
      new Create({
        id: new URL(`${actorAt(peer, bob)}#create/${crypto.randomUUID()}`),
        actor: new URL(actorAt(peer, bob)),
        object: new Note({
          id: new URL(`${actorAt(peer, bob)}#circle-notes/${crypto.randomUUID()}`),
          attribution: new URL(actorAt(peer, bob)),
          tos: to.map((href) => new URL(href)),
          replyTarget: new URL(offerId),
          content: to.length > 2 ? 'To everyone' : 'Just us',
        }),
      });
    const publicNote = await note([
      actorAt(home, ann),
      actorAt(home, carl),
      'https://www.w3.org/ns/activitystreams#Public',
    ]).toJsonLd();
    expect((await deliverSigned(peer, bob.user.id, home, publicNote)).status).toBeLessThan(300);
    const direct = await note([actorAt(home, ann), actorAt(home, carl)]).toJsonLd();
    await Promise.all([
      deliverSigned(peer, bob.user.id, home, direct),
      deliverSigned(peer, bob.user.id, home, direct),
    ]);
    await settle();
    const chat = (
      await call(home, 'GET', `/api/circles/${circleId}/messages`, ann)
    ).json() as Array<{
      content: string;
    }>;
    expect(chat.map((m) => m.content)).toEqual(['Just us']);
  }, 90_000);

  it('waits on: a state the coordinator sent before it knew of a move here is not its answer', async () => {
    const { homeIds, peerIds } = await loop('Stale');
    const { offerId, peerCircle } = await proposedByAnn(homeIds);
    const awaiting = async () => {
      const { rows } = await peer.db.execute<{ since: string | null }>(
        sql`select awaiting_since as since from federated_circles where circle_id = ${peerCircle}`,
      );
      return rows[0]?.since ?? null;
    };
    const accepted = await call(peer, 'PATCH', `/api/circles/${peerCircle}`, bob, {
      decision: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await eventually('home answered Bob’s accept', async () => (await awaiting()) === null);

    // Peer waits again (as for a later move); home's state from before Bob's accept arrives late.
    await peer.db.execute(
      sql`update federated_circles set awaiting_since = now() where circle_id = ${peerCircle}`,
    );
    const instanceActor = new URL(`${home.url}/ap/actors/instance`);
    const stateOf = (accepted: number[]) =>
      stateUpdate(instanceActor, offerId, homeIds, peerIds, {
        status: 'proposed',
        accepted,
        declined: [],
        received: [],
        reason: null,
      }).toJsonLd();
    const sent = await deliverSigned(home, 'instance', peer, await stateOf([0]));
    expect(sent.status).toBeLessThan(300);
    await settle();
    expect(await awaiting()).not.toBeNull();
    // A state that knows of Bob's accept answers it.
    await deliverSigned(home, 'instance', peer, await stateOf([0, 1]));
    await eventually('the wait answered', async () => (await awaiting()) === null);
  }, 60_000);

  it('takes no rating of a circle not completed, to several members, out of range, or from outside the circle', async () => {
    const { homeIds } = await loop('Unrated');
    const made = await call(home, 'POST', '/api/circles', ann, { itemIds: homeIds });
    expect(made.statusCode, made.body).toBe(201);
    const circleId = made.json().id as number;
    const [mapped] = (await circlesOn(home)).filter((row) => row.circle_id === circleId);
    const offerId = mapped?.offer_id as string;
    await eventually('the circle on peer', async () => {
      const { rows } = await peer.db.execute<{ n: number }>(
        sql`select count(*)::int as n from federated_circles where offer_id = ${offerId}`,
      );
      return rows[0]?.n === 1;
    });
    const rating = (from: Member, to: string[], stars: string) =>
      new Create({
        id: new URL(`${actorAt(peer, from)}#create/${crypto.randomUUID()}`),
        actor: new URL(actorAt(peer, from)),
        object: new Note({
          id: new URL(`${actorAt(peer, from)}#circle-rates/${crypto.randomUUID()}`),
          attribution: new URL(actorAt(peer, from)),
          tos: to.map((href) => new URL(href)),
          replyTarget: new URL(offerId),
          content: `Rated ${stars}`,
          tags: [new Link({ href: new URL(offerId), rel: 'urn:swapmarket:rating', name: stars })],
        }),
      }).toJsonLd();
    const sent = [
      // Bob rates Ann while the circle is only proposed.
      await deliverSigned(peer, bob.user.id, home, await rating(bob, [actorAt(home, ann)], '5')),
      // To two members at once, and with nine stars.
      await deliverSigned(
        peer,
        bob.user.id,
        home,
        await rating(bob, [actorAt(home, ann), actorAt(home, carl)], '4'),
      ),
      await deliverSigned(peer, bob.user.id, home, await rating(bob, [actorAt(home, carl)], '9')),
      // The intruder, not in the circle.
      await deliverSigned(
        peer,
        intruder.user.id,
        home,
        await rating(intruder, [actorAt(home, ann)], '1'),
      ),
    ];
    for (const response of sent) expect(response.status).toBeLessThan(300);
    await settle();
    const { rows } = await home.db.execute<{ n: number }>(
      sql`select count(*)::int as n from feedback where circle_id = ${circleId}`,
    );
    expect(rows[0]?.n).toBe(0);
  }, 60_000);

  it('takes no circle from an instance that does not follow back, nor from one it does not know', async () => {
    const before = (await circlesOn(peer)).length;
    const stray = await registerMember(stranger.app);
    const straysListing = await list(stranger, stray, 'Stray drum');
    const { json } = await offerJson(
      [
        `${stranger.url}/item/${straysListing}`,
        `${peer.url}/item/1`,
        `${stranger.url}/item/${straysListing}`,
      ],
      stranger,
      stray,
    );
    expect((await deliverSigned(stranger, stray.user.id, peer, json)).status).toBeLessThan(500);
    await settle();
    expect(await circlesOn(peer)).toHaveLength(before);
  }, 60_000);
});
