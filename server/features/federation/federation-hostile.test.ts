import { signRequest } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WANTS } from '../../../shared/limits.js';
import { registerMember } from '../../testing/app.js';
import { eventually, startInstance, type TestInstance } from '../../testing/instances.js';
import { keyPairsOf } from './keys.js';
import { WANTS_REL } from './paths.js';

/**
 * What another instance, or anyone pretending to be one, may throw at an inbox: every delivery is
 * signed by the real key of a real member of a real instance (or not at all), over real HTTP.
 */
let home: TestInstance;
let peer: TestInstance;
let sender: Awaited<ReturnType<typeof registerMember>>;
let senderActor: string;

beforeAll(async () => {
  [home, peer] = await Promise.all([startInstance('home'), startInstance('peer')]);
  const followed = await home.app.inject({
    method: 'POST',
    url: '/api/admin/federation/instances',
    headers: { cookie: home.admin.cookie },
    payload: { url: peer.url },
  });
  expect(followed.statusCode, followed.body).toBe(201);
  await eventually('the follow accepted', async () => {
    const [instance] = (
      await home.app.inject({
        method: 'GET',
        url: '/api/admin/federation/instances',
        headers: { cookie: home.admin.cookie },
      })
    ).json();
    return instance?.following === 'accepted';
  });
  sender = await registerMember(peer.app);
  senderActor = `${peer.url}/ap/actors/${sender.user.id}`;
});
afterAll(async () => {
  await Promise.all([home?.close(), peer?.close()]);
});

/** A listing's condition as a schema.org PropertyValue, the way Fedify writes one. */
const condition = (value: string) => ({
  type: 'http://schema.org#PropertyValue',
  name: 'condition',
  'http://schema.org#value': value,
});

/** A listing's Create as the peer would send it, about a listing of `owner`. */
function createListing(owner: string, id: string, title: string) {
  return {
    '@context': [
      'https://www.w3.org/ns/activitystreams',
      { vf: 'https://w3id.org/valueflows/ont/vf#', Proposal: 'vf:Proposal', purpose: 'vf:purpose' },
    ],
    id: `${peer.url}/ap/actors/${sender.user.id}#${id}`,
    type: 'Create',
    actor: owner,
    object: {
      id: `${peer.url}/item/${id}`,
      type: 'Proposal',
      attributedTo: owner,
      name: title,
      content: `<p>${title}</p>`,
      purpose: 'offer',
      attachment: [condition('good')],
    },
  };
}

/** POSTs `body` to home's shared inbox, signed with the sender's real key (or `signer`'s). */
async function deliver(body: unknown, options: { sign?: boolean; keyOwner?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  let request = new Request(`${home.url}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
    body: raw,
  });
  if (options.sign !== false) {
    const owner = options.keyOwner ?? sender.user.id;
    const [rsa] = await keyPairsOf(peer.db, owner);
    if (!rsa) throw new Error('no key');
    request = await signRequest(
      request,
      rsa.privateKey,
      new URL(`${peer.url}/ap/actors/${owner}#main-key`),
    );
  }
  return fetch(request);
}

const found = async (words: string) =>
  (await home.app.inject({ method: 'GET', url: `/api/items?search=${words}` })).json() as Array<{
    title: string;
  }>;

describe('an inbox under attack', () => {
  it('applies a properly signed delivery, and the same activity twice only once', async () => {
    const activity = createListing(senderActor, '90001', 'Signed astrolabe');
    const first = await deliver(activity);
    expect(first.status).toBeLessThan(300);
    await eventually('the astrolabe', async () => (await found('astrolabe')).length === 1);
    const again = await deliver(activity);
    expect(again.status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await found('astrolabe')).toHaveLength(1);
  });

  it('refuses a body that is not an activity, and one too large, without a 500', async () => {
    const garbage = await deliver('{"type": "Create", "actor": ');
    expect(garbage.status).toBeGreaterThanOrEqual(400);
    expect(garbage.status).toBeLessThan(500);
    const huge = await deliver({
      ...createListing(senderActor, '90002', 'Huge'),
      padding: 'x'.repeat(300 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  it('refuses a signature that does not match the body, or no signature at all', async () => {
    const [rsa] = await keyPairsOf(peer.db, sender.user.id);
    if (!rsa) throw new Error('no key');
    const signed = await signRequest(
      new Request(`${home.url}/ap/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify(createListing(senderActor, '90003', 'Honest lamp')),
      }),
      rsa.privateKey,
      new URL(`${senderActor}#main-key`),
    );
    // The signed digest no longer matches what is sent.
    const tampered = await fetch(`${home.url}/ap/inbox`, {
      method: 'POST',
      headers: signed.headers,
      body: JSON.stringify(createListing(senderActor, '90003', 'Forged lamp')),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await deliver(createListing(senderActor, '90004', 'Unsigned lamp'), {
      sign: false,
    });
    expect(unsigned.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await found('lamp')).toEqual([]);
  });

  it('does not let one member speak for another, nor store a listing as someone else’s', async () => {
    const other = await registerMember(peer.app);
    const otherActor = `${peer.url}/ap/actors/${other.user.id}`;
    // Signed by the sender, claiming to be the other member.
    const impersonation = await deliver(createListing(otherActor, '90005', 'Impostor globe'));
    expect(impersonation.status).toBe(401);
    // Signed and sent by the sender, about a listing it attributes to the other member.
    const misattributed = createListing(senderActor, '90006', 'Misattributed globe');
    misattributed.object.attributedTo = otherActor;
    expect((await deliver(misattributed)).status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await found('globe')).toEqual([]);
  });

  it('refuses listings that break this instance’s rules, whole', async () => {
    const noTitle = createListing(senderActor, '90007', '');
    const badCondition = createListing(senderActor, '90008', 'Strange clock');
    badCondition.object.attachment = [condition('exquisite')];
    const offEarth = {
      ...createListing(senderActor, '90009', 'Lunar clock'),
    } as ReturnType<typeof createListing> & { object: { location?: object } };
    offEarth.object.location = { type: 'Place', name: 'Moon', latitude: 123, longitude: 400 };
    const wantsTooMuch = {
      ...createListing(senderActor, '90011', 'Greedy clock'),
    } as ReturnType<typeof createListing> & { object: { tag?: object[] } };
    wantsTooMuch.object.tag = Array.from({ length: MAX_WANTS + 1 }, (_, k) => ({
      type: 'Link',
      rel: WANTS_REL,
      name: String(k + 1),
      href: `${peer.url}/item/${k + 1}`,
    }));
    for (const activity of [noTitle, badCondition, offEarth, wantsTooMuch])
      expect((await deliver(activity)).status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await found('clock')).toEqual([]);
  });

  it('stores a give-away as one, and refuses an unknown mode or fair chance whole', async () => {
    const property = (name: string, value: string) => ({
      type: 'http://schema.org#PropertyValue',
      name,
      'http://schema.org#value': value,
    });
    const free = createListing(senderActor, '90021', 'Free birdbath');
    free.object.attachment = [condition('good'), property('mode', 'giveaway')];
    const hours = createListing(senderActor, '90022', 'Free birdfeeder');
    hours.object.attachment = [
      condition('good'),
      property('mode', 'giveaway'),
      property('fairChanceHours', '48'),
    ];
    const auction = createListing(senderActor, '90023', 'Auctioned birdcage');
    auction.object.attachment = [condition('good'), property('mode', 'auction')];
    const forever = createListing(senderActor, '90024', 'Eternal birdhouse');
    forever.object.attachment = [
      condition('good'),
      property('mode', 'giveaway'),
      property('fairChanceHours', '500'),
    ];
    for (const activity of [free, hours, auction, forever])
      expect((await deliver(activity)).status).toBeLessThan(300);
    type Found = { title: string; mode: string; fairChanceHours: number | null };
    const birds = async () =>
      (
        (
          await home.app.inject({ method: 'GET', url: '/api/items?search=bird&mode=giveaway' })
        ).json() as Found[]
      ).map(({ title, mode, fairChanceHours }) => ({ title, mode, fairChanceHours }));
    await eventually('both give-aways', async () =>
      (await birds()).length === 2 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await birds()).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Free birdbath', mode: 'giveaway', fairChanceHours: 12 },
      { title: 'Free birdfeeder', mode: 'giveaway', fairChanceHours: 48 },
    ]);
    expect(await found('birdcage')).toEqual([]);
    expect(await found('birdhouse')).toEqual([]);
  });

  it('refuses every delivery of a blocked instance before reading it (403)', async () => {
    const [instance] = (
      await home.app.inject({
        method: 'GET',
        url: '/api/admin/federation/instances',
        headers: { cookie: home.admin.cookie },
      })
    ).json();
    const blocked = await home.app.inject({
      method: 'PATCH',
      url: `/api/admin/federation/instances/${instance.id}`,
      headers: { cookie: home.admin.cookie },
      payload: { blocked: true },
    });
    expect(blocked.statusCode).toBe(200);
    const refused = await deliver(createListing(senderActor, '90010', 'Blocked bell'));
    expect(refused.status).toBe(403);
    expect((await found('astrolabe')).length).toBe(0);
  });
});
