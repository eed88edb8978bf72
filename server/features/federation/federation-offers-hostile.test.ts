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
import { type OfferTerms, offerActivity } from './offers-object.js';

/**
 * What a peer instance, or someone pretending, may send about offers (issue 39 §1): every
 * delivery is signed with the real key of a real member of the peer (or of the wrong one), over
 * real HTTP, to a home instance that trades with the peer (both follows accepted).
 */
let home: TestInstance;
let peer: TestInstance;
type Member = Awaited<ReturnType<typeof registerMember>>;
let owner: Member;
let sender: Member;
let intruder: Member;
let listing: number;

const actorOf = (member: Member) => `${peer.url}/ap/actors/${member.user.id}`;
const homeActorOf = (member: Member) => `${home.url}/ap/actors/${member.user.id}`;

async function follow(from: TestInstance, to: TestInstance) {
  const followed = await callAt(from, 'POST', '/api/admin/federation/instances', from.admin, {
    url: to.url,
  });
  expect(followed.statusCode, followed.body).toBe(201);
  await eventually('the follow accepted', async () => {
    const known = (await callAt(from, 'GET', '/api/admin/federation/instances', from.admin)).json();
    return (known as Array<{ following: string }>)[0]?.following === 'accepted';
  });
}

async function list(at: TestInstance, who: Member, title: string) {
  const [category] = (await callAt(at, 'GET', '/api/categories')).json();
  const made = await callAt(at, 'POST', '/api/items', who, {
    title,
    description: title,
    condition: 'good',
    categoryId: category.id,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as number;
}

beforeAll(async () => {
  [home, peer] = await Promise.all([startInstance('home'), startInstance('peer')]);
  await follow(home, peer);
  await follow(peer, home);
  owner = await registerMember(home.app);
  [sender, intruder] = [await registerMember(peer.app), await registerMember(peer.app)];
  listing = await list(home, owner, 'Brass compass');
}, 60_000);
afterAll(async () => {
  await Promise.all([home?.close(), peer?.close()]);
});

/** An Offer as the peer's member `from` would send it, as JSON to tamper with. */
async function offerJson(from: Member, terms: Partial<OfferTerms> = {}) {
  const me = new URL(actorOf(from));
  const activity = offerActivity({
    id: new URL(`${me.href}#offers/${crypto.randomUUID()}`),
    sender: me,
    receiver: new URL(homeActorOf(owner)),
    terms: {
      asked: [`${home.url}/item/${listing}`],
      given: [],
      message: 'A fair swap?',
      offerDescription: null,
      ...terms,
    },
  });
  return (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown> & {
    id: string;
    object: Record<string, unknown>;
  };
}

/** POSTs `body` to home's shared inbox, signed with `signer`'s real key. */
async function deliver(body: unknown, signer: Member = sender) {
  const response = await deliverSigned(peer, signer.user.id, home, body);
  expect(response.status).toBeLessThan(300);
}

const received = async () =>
  (
    await home.app.inject({
      method: 'GET',
      url: '/api/swap-requests',
      headers: { cookie: owner.cookie, 'cache-control': 'no-cache' },
    })
  ).json() as Array<{ id: number; status: string; message: string }>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** An answer by `from` (an Accept, Reject or Undo) naming the Offer `offerId`. */
const answer = (type: 'Accept' | 'Reject' | 'Undo', from: string, offerId: string) => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: `${from}#${type.toLowerCase()}/${crypto.randomUUID()}`,
  type,
  actor: from,
  object: type === 'Undo' ? { id: offerId, type: 'Offer', actor: from } : offerId,
});

describe('offers under attack', () => {
  it('stores the same Offer delivered twice once, and a withdrawal by anyone but its sender never', async () => {
    const offer = await offerJson(sender, { message: 'Twice delivered' });
    await deliver(offer);
    await deliver(offer);
    await eventually('the offer', async () =>
      (await received()).some((o) => o.message === 'Twice delivered'),
    );
    await settle();
    const twice = (await received()).filter((o) => o.message === 'Twice delivered');
    expect(twice).toHaveLength(1);
    // The intruder signs an Undo of the sender's offer in their own name: not theirs to take back.
    await deliver(answer('Undo', actorOf(intruder), offer.id), intruder);
    // An Accept of an offer home received is not the sender's to give.
    await deliver(answer('Accept', actorOf(sender), offer.id));
    await settle();
    expect((await received()).find((o) => o.id === twice[0]?.id)?.status).toBe('pending');
    await deliver(answer('Undo', actorOf(sender), offer.id));
    await eventually('withdrawn', async () =>
      (await received()).some((o) => o.id === twice[0]?.id && o.status === 'withdrawn'),
    );
  });

  it('applies the other party’s Accept once, and nobody else’s', async () => {
    const peerListing = await list(peer, sender, 'Pocket sundial');
    const heldHere = await eventually('the sundial on home', async () => {
      const { rows } = await home.db.execute<{ id: number }>(
        sql`select id from items where origin_url = ${`${peer.url}/item/${peerListing}`}`,
      );
      return rows[0]?.id;
    });
    const made = await callAt(home, 'POST', '/api/swap-requests', owner, {
      itemId: heldHere,
      message: 'Sundial, please',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { rows } = await home.db.execute<{ offer_id: string }>(
      sql`select offer_id from federated_offers where swap_request_id = ${made.json().id}`,
    );
    const offerId = rows[0]?.offer_id as string;
    const status = async () =>
      (await received()).find((o) => o.id === made.json().id)?.status ?? 'missing';
    // Signed by the intruder, in the intruder's name: not the owner of the sundial.
    await deliver(answer('Accept', actorOf(intruder), offerId), intruder);
    await settle();
    expect(await status()).toBe('pending');
    const accept = answer('Accept', actorOf(sender), offerId);
    await deliver(accept);
    await eventually('accepted', async () => (await status()) === 'accepted');
    // The same Accept again, then a late Reject: the first answer stands.
    await deliver(accept);
    await deliver(answer('Reject', actorOf(sender), offerId));
    await settle();
    expect(await status()).toBe('accepted');
  });

  it('refuses malformed and rule-breaking Offers whole, without a 500', async () => {
    const before = (await received()).length;
    const notHis = await offerJson(sender, { message: 'Not his agreement' });
    notHis.object.attributedTo = actorOf(intruder);
    const tooMany = await offerJson(sender, {
      message: 'Too many',
      asked: Array.from({ length: 6 }, () => `${home.url}/item/${listing}`),
    });
    const elsewhere = await offerJson(sender, {
      message: 'Not a listing of home',
      asked: [`${peer.url}/item/${listing}`],
    });
    const noSuch = await offerJson(sender, {
      message: 'No such listing',
      asked: [`${home.url}/item/999999`],
    });
    const long = await offerJson(sender, { message: 'x'.repeat(5000) });
    const othersGoods = await offerJson(sender, {
      message: 'Someone else’s listing put up',
      given: [`${peer.url}/item/${await list(peer, intruder, 'Borrowed lantern')}`],
    });
    const noAgreement = {
      ...(await offerJson(sender, { message: 'A note' })),
      object: { type: 'Note', content: 'hello', attributedTo: actorOf(sender) },
    };
    const foreignId = await offerJson(sender, { message: 'An id of another host' });
    foreignId.id = `https://elsewhere.example/offers/${crypto.randomUUID()}`;
    for (const body of [
      notHis,
      tooMany,
      elsewhere,
      noSuch,
      long,
      othersGoods,
      noAgreement,
      foreignId,
    ])
      await deliver(body);
    await settle();
    expect((await received()).length).toBe(before);
  });
});
