import { Create, Update } from '@fedify/vocab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import {
  callAt,
  deliverSigned,
  eventually,
  startInstance,
  type TestInstance,
} from '../../testing/instances.js';
import { follow, list, type Member } from '../../testing/offers-across.js';
import { offerActivity } from './offers-object.js';
import { completedAgreement, swapNote } from './swaps-object.js';

/**
 * What a peer instance, or someone pretending, may send about a swap across instances once the
 * offer is made (issue 39 §1): messages, completion and ratings, each signed with the real key of
 * a real member of the peer (or of the wrong one), over real HTTP.
 */
let home: TestInstance;
let peer: TestInstance;
let owner: Member;
let sender: Member;
let intruder: Member;

const actorOf = (member: Member) => `${peer.url}/ap/actors/${member.user.id}`;
const homeActorOf = (member: Member) => `${home.url}/ap/actors/${member.user.id}`;

beforeAll(async () => {
  [home, peer] = await Promise.all([startInstance('home'), startInstance('peer')]);
  await follow(home, peer);
  await follow(peer, home);
  owner = await registerMember(home.app);
  [sender, intruder] = [await registerMember(peer.app), await registerMember(peer.app)];
}, 60_000);
afterAll(async () => {
  await Promise.all([home?.close(), peer?.close()]);
});

/** POSTs `body` to home's shared inbox, signed with `signer`'s real key; the status. */
async function deliver(body: unknown, signer: Member = sender): Promise<number> {
  return (await deliverSigned(peer, signer.user.id, home, body)).status;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** The sender's Offer for a listing of the owner, delivered; its id and the local offer's. */
async function offered(title: string) {
  const listing = await list(home, owner, title);
  const me = new URL(actorOf(sender));
  const offerId = new URL(`${me.href}#offers/${crypto.randomUUID()}`);
  const activity = offerActivity({
    id: offerId,
    sender: me,
    receiver: new URL(homeActorOf(owner)),
    terms: {
      asked: [`${home.url}/item/${listing}`],
      given: [],
      message: title,
      offerDescription: null,
    },
  });
  expect(await deliver(await activity.toJsonLd({ format: 'compact' }))).toBeLessThan(300);
  const id = await eventually(`the offer "${title}"`, async () => {
    const { rows } = await home.db.execute<{ swap_request_id: number }>(
      sql`select swap_request_id from federated_offers where offer_id = ${offerId.href}`,
    );
    return rows[0]?.swap_request_id;
  });
  return { offerId, id };
}

/** A Create of a Note by `from` in reply to `offerId`, as JSON to tamper with. */
async function noteJson(
  from: Member,
  offerId: URL,
  text: string,
  options: { rating?: number; to?: string } = {},
) {
  const me = new URL(actorOf(from));
  const to = new URL(options.to ?? homeActorOf(owner));
  const create = new Create({
    id: new URL(`${me.href}#create/${crypto.randomUUID()}`),
    actor: me,
    to,
    object: swapNote({
      id: new URL(`${me.href}#notes/${crypto.randomUUID()}`),
      author: me,
      peer: to,
      offerId,
      text,
      ...(options.rating === undefined ? {} : { rating: options.rating }),
    }),
  });
  return (await create.toJsonLd({ format: 'compact' })) as Record<string, unknown> & {
    object: Record<string, unknown>;
  };
}

const chat = async (id: number) => {
  const { rows } = await home.db.execute<{ content: string }>(
    sql`select content from messages where swap_request_id = ${id} order by id`,
  );
  return rows.map((row) => row.content);
};

const status = async (id: number) => {
  const { rows } = await home.db.execute<{ status: string }>(
    sql`select status from swap_requests where id = ${id}`,
  );
  return rows[0]?.status;
};

const ratings = async () => {
  const { rows } = await home.db.execute<{ rating: number }>(
    sql`select rating from feedback where to_user_id = ${owner.user.id}`,
  );
  return rows.map((row) => row.rating);
};

/** A completion of the swap of `offerId`, in the name of `from`. */
const completion = async (from: Member, offerId: URL) =>
  new Update({
    id: new URL(`${actorOf(from)}#complete/${crypto.randomUUID()}`),
    actor: new URL(actorOf(from)),
    to: new URL(homeActorOf(owner)),
    object: completedAgreement(offerId.href),
  }).toJsonLd({ format: 'compact' });

describe('swaps across instances under attack', () => {
  it('takes a message from the other party only, to them only, within the size of local chat', async () => {
    const { offerId, id } = await offered('Brass compass');
    const fine = await noteJson(sender, offerId, 'Hello from the peer');
    // Delivered twice: stored once.
    await deliver(fine);
    await deliver(fine);
    // A member who is no party to the offer, in their own name.
    await deliver(await noteJson(intruder, offerId, 'Not my offer'), intruder);
    // The intruder signs a Note in the sender's name: Fedify refuses the forged actor.
    expect(await deliver(await noteJson(sender, offerId, 'Forged'), intruder)).toBeGreaterThan(299);
    // Attributed to someone else than its sender.
    const notHis = await noteJson(sender, offerId, 'Whose words?');
    notHis.object.attributedTo = actorOf(intruder);
    await deliver(notHis);
    // Public, not direct.
    const open = await noteJson(sender, offerId, 'For everyone');
    open.object.cc = 'https://www.w3.org/ns/activitystreams#Public';
    await deliver(open);
    // To a member of home who is no party.
    const other = await registerMember(home.app);
    await deliver(await noteJson(sender, offerId, 'Wrong door', { to: homeActorOf(other) }));
    // Larger than a local message may be.
    await deliver(await noteJson(sender, offerId, 'x'.repeat(2001)));
    await eventually('the message', async () => (await chat(id)).length > 0);
    await settle();
    expect(await chat(id)).toEqual(['Hello from the peer']);
  });

  it('refuses a message from a member the party blocked', async () => {
    const { offerId, id } = await offered('Copper kettle');
    const { rows } = await home.db.execute<{ id: string }>(
      sql`select id from users where actor_url = ${actorOf(sender)}`,
    );
    const blocked = await callAt(home, 'POST', `/api/users/${rows[0]?.id}/block`, owner);
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await deliver(await noteJson(sender, offerId, 'Still there?'));
    await settle();
    expect(await chat(id)).toEqual([]);
    await callAt(home, 'DELETE', `/api/users/${rows[0]?.id}/block`, owner);
  });

  it('completes only from the other party, and takes one rating, once completed', async () => {
    const { offerId, id } = await offered('Silver spoon');
    // A rating before the swap is completed, and a completion of a pending offer: refused.
    await deliver(await noteJson(sender, offerId, 'Too early', { rating: 5 }));
    await deliver(await completion(sender, offerId));
    await settle();
    expect(await status(id)).toBe('pending');
    expect(await ratings()).toEqual([]);
    expect(
      (await callAt(home, 'PATCH', `/api/swap-requests/${id}`, owner, { status: 'accepted' }))
        .statusCode,
    ).toBe(200);
    // Rated while accepted, before the completion arrives (they travel in parallel): not taken
    // while the swap is not completed here, then taken once it is.
    await deliver(await noteJson(sender, offerId, 'Lovely spoon', { rating: 4 }));
    // The intruder completes it in their own name: not their swap.
    await deliver(await completion(intruder, offerId), intruder);
    await settle();
    expect(await status(id)).toBe('accepted');
    expect(await ratings()).toEqual([]);
    await deliver(await completion(sender, offerId));
    await eventually('completed', async () => (await status(id)) === 'completed');
    await eventually('rated', async () => (await ratings()).length > 0, 15_000);
    // Out of range, by a non-party, or a second one: refused.
    await deliver(await noteJson(sender, offerId, 'Six stars', { rating: 6 }));
    await deliver(await noteJson(intruder, offerId, 'Me too', { rating: 1 }), intruder);
    await deliver(await noteJson(sender, offerId, 'Again', { rating: 1 }));
    await settle();
    expect(await ratings()).toEqual([4]);
  });

  it('takes a counter-offer only from the member the offer was made to', async () => {
    const theirs = await list(peer, sender, 'Pocket sundial');
    const heldHere = await eventually('the sundial on home', async () => {
      const { rows } = await home.db.execute<{ id: number }>(
        sql`select id from items where origin_url = ${`${peer.url}/item/${theirs}`}`,
      );
      return rows[0]?.id;
    });
    const mine = await list(home, owner, 'Brass telescope');
    const made = await callAt(home, 'POST', '/api/swap-requests', owner, {
      itemIds: [heldHere],
      offeredItemIds: [mine],
      message: 'Sundial for my telescope?',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { rows } = await home.db.execute<{ offer_id: string }>(
      sql`select offer_id from federated_offers where swap_request_id = ${made.json().id}`,
    );
    const offerId = new URL(rows[0]?.offer_id as string);
    // The intruder counters an offer that was not made to them: nothing changes.
    const me = new URL(actorOf(intruder));
    const counter = offerActivity({
      id: new URL(`${me.href}#offers/${crypto.randomUUID()}`),
      sender: me,
      receiver: new URL(homeActorOf(owner)),
      terms: {
        asked: [`${home.url}/item/${mine}`],
        given: [],
        message: 'My counter',
        offerDescription: null,
      },
      inReplyTo: offerId,
    });
    await deliver(await counter.toJsonLd({ format: 'compact' }), intruder);
    await settle();
    expect(await status(made.json().id)).toBe('pending');
    const { rows: counters } = await home.db.execute<{ n: number }>(
      sql`select count(*)::int as n from swap_requests where counter_of_id = ${made.json().id}`,
    );
    expect(counters[0]?.n).toBe(0);
  });
});
