import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { jpegAsDataUrl, photoLike } from '../../testing/images.js';
import { callAt, eventually, startInstance, type TestInstance } from '../../testing/instances.js';

/**
 * Two real instances on loopback, each on its own database, speaking ActivityPub over HTTP
 * (FEDERATION_ALLOW_PRIVATE=true): no side of the exchange is mocked.
 */
let north: TestInstance;
let south: TestInstance;

beforeAll(async () => {
  [north, south] = await Promise.all([startInstance('north'), startInstance('south')]);
});
afterAll(async () => {
  await Promise.all([north?.close(), south?.close()]);
});

type Member = Awaited<ReturnType<typeof registerMember>>;

const call = callAt;

async function categoryId(at: TestInstance): Promise<number> {
  return (await call(at, 'GET', '/api/categories')).json()[0].id;
}

async function list(at: TestInstance, who: Member, title: string, extra: object = {}) {
  const made = await call(at, 'POST', '/api/items', who, {
    title,
    description: `${title}, well looked after`,
    condition: 'good',
    categoryId: await categoryId(at),
    ...extra,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as number;
}

const search = async (at: TestInstance, words: string) =>
  (await call(at, 'GET', `/api/items?search=${encodeURIComponent(words)}`)).json() as Array<{
    id: number;
    title: string;
    user: { nickname: string };
    origin: { host: string; url: string } | null;
  }>;

describe('ActivityPub documents', () => {
  it('finds a member by WebFinger and answers their actor with no private field', async () => {
    const ann = await registerMember(north.app, { nickname: 'annwebfinger' });
    const host = new URL(north.url).host;
    const finger = await fetch(
      `${north.url}/.well-known/webfinger?resource=acct:annwebfinger@${host}`,
    );
    expect(finger.status).toBe(200);
    const jrd = await finger.json();
    const self = jrd.links.find((link: { rel: string }) => link.rel === 'self');
    expect(self.type).toBe('application/activity+json');
    const actor = await fetch(self.href, { headers: { accept: 'application/activity+json' } });
    expect(actor.status).toBe(200);
    const person = await actor.json();
    expect(person.type).toBe('Person');
    expect(person.preferredUsername).toBe('annwebfinger');
    expect(person.inbox).toMatch(/\/inbox$/);
    expect(person.publicKey.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    expect(JSON.stringify(person)).not.toContain(ann.input.email);
  });

  it('answers NodeInfo 2.1 as swapmarket speaking activitypub', async () => {
    const links = await (await fetch(`${north.url}/.well-known/nodeinfo`)).json();
    const href = links.links[0].href as string;
    const info = await (await fetch(href)).json();
    expect(info.software.name).toBe('swapmarket');
    expect(info.protocols).toEqual(['activitypub']);
    expect(info.usage.users.total).toBeGreaterThan(0);
  });

  it('answers a listing as a Proposal to ActivityPub clients and as the page to browsers', async () => {
    const bob = await registerMember(north.app);
    const id = await list(north, bob, 'Brass lantern');
    const object = await fetch(`${north.url}/item/${id}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(object.status).toBe(200);
    const proposal = await object.json();
    expect(proposal.type).toBe('Proposal');
    expect(proposal.id).toBe(`${north.url}/item/${id}`);
    expect(proposal.name).toBe('Brass lantern');
    expect(proposal.attributedTo).toBe(`${north.url}/ap/actors/${bob.user.id}`);
    expect(JSON.stringify(proposal)).not.toContain(bob.input.email);
    const page = await fetch(`${north.url}/item/${id}`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type') ?? '').not.toContain('activity+json');
  });

  it('says how a listing changes hands: a swap asks for something back, a give-away nothing', async () => {
    const ann = await registerMember(north.app);
    const object = async (id: number) =>
      (
        await fetch(`${north.url}/item/${id}`, { headers: { accept: 'application/activity+json' } })
      ).json();
    // A schema.org PropertyValue, as Fedify writes one (condition travels the same way).
    const property = (proposal: { attachment?: unknown }, name: string) =>
      ([proposal.attachment ?? []].flat() as Array<Record<string, unknown>>).find(
        (a) => a.name === name,
      )?.['http://schema.org#value'];
    const swap = await object(await list(north, ann, 'Pewter jug'));
    expect(property(swap, 'mode')).toBe('swap');
    expect(property(swap, 'fairChanceHours')).toBeUndefined();
    expect(swap.reciprocal).toBeDefined();
    const free = await object(
      await list(north, ann, 'Garden bench', { mode: 'giveaway', fairChanceHours: 24 }),
    );
    expect(property(free, 'mode')).toBe('giveaway');
    expect(property(free, 'fairChanceHours')).toBe('24');
    expect(free.purpose).toBe('offer');
    expect(free.reciprocal).toBeUndefined();
  });

  it('refuses an unsigned delivery to an inbox', async () => {
    const delivered = await fetch(`${north.url}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        type: 'Create',
        id: 'http://127.0.0.1:9/x',
        actor: 'http://127.0.0.1:9/actor',
      }),
    });
    expect(delivered.status).toBe(401);
  });
});

describe('instances that follow each other', () => {
  it('only lets admins see and change who is followed', async () => {
    const member = await registerMember(north.app);
    expect((await call(north, 'GET', '/api/admin/federation/instances')).statusCode).toBe(401);
    expect((await call(north, 'GET', '/api/admin/federation/instances', member)).statusCode).toBe(
      403,
    );
    expect(
      (await call(north, 'POST', '/api/admin/federation/instances', member, { url: south.url }))
        .statusCode,
    ).toBe(403);
  });

  it('brings the followed instance’s listings here, then every change to them', async () => {
    const carol = await registerMember(south.app, { nickname: 'carolsouth' });
    const early = await list(south, carol, 'Walnut bookcase');

    const followed = await call(north, 'POST', '/api/admin/federation/instances', north.admin, {
      url: south.url,
    });
    expect(followed.statusCode, followed.body).toBe(201);
    expect(followed.json()).toMatchObject({ host: new URL(south.url).host, blocked: false });

    // South accepts at once (FEDERATION_APPROVAL=auto); north then reads south's outbox.
    const arrived = await eventually('the bookcase on north', async () =>
      (await search(north, 'walnut')).find((item) => item.title === 'Walnut bookcase'),
    );
    expect(arrived.user.nickname).toBe(`carolsouth@${new URL(south.url).host}`);
    expect(arrived.origin).toMatchObject({
      host: new URL(south.url).host,
      url: `${south.url}/item/${early}`,
    });
    const [instance] = (
      await call(north, 'GET', '/api/admin/federation/instances', north.admin)
    ).json();
    expect(instance).toMatchObject({ following: 'accepted', listings: 1 });
    // South knows north by the address a follow back sends to.
    const [follower] = (
      await call(south, 'GET', '/api/admin/federation/instances', south.admin)
    ).json();
    expect(follower).toMatchObject({
      url: new URL(north.url).origin,
      follower: 'accepted',
      following: 'none',
    });

    // Created afterwards: arrives as an activity.
    const later = await list(south, carol, 'Copper kettle');
    await eventually('the kettle on north', async () =>
      (await search(north, 'copper')).find((item) => item.title === 'Copper kettle'),
    );
    // Edited there: changed here.
    const edited = await call(south, 'PUT', `/api/items/${later}`, carol, {
      title: 'Copper kettle with whistle',
      description: 'Whistles',
      condition: 'good',
      categoryId: await categoryId(south),
      isOpenToOffers: true,
      images: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually('the edit on north', async () =>
      (await search(north, 'whistle')).find((item) => item.title === 'Copper kettle with whistle'),
    );
    // Deleted there: gone here.
    expect((await call(south, 'DELETE', `/api/items/${later}`, carol)).statusCode).toBe(200);
    await eventually('the deletion on north', async () =>
      (await search(north, 'copper')).length === 0 ? true : undefined,
    );
  });

  it('brings a give-away as a give-away, with its fair chance, and follows a change of mode', async () => {
    const dan = await registerMember(south.app);
    const id = await list(south, dan, 'Rowan sapling', { mode: 'giveaway', fairChanceHours: 6 });
    type Arrived = { id: number; mode: string; fairChanceHours: number | null };
    const free = async () =>
      (await call(north, 'GET', '/api/items?mode=giveaway&search=rowan')).json() as Arrived[];
    const arrived = await eventually('the sapling on north', async () => (await free())[0]);
    expect(arrived).toMatchObject({ mode: 'giveaway', fairChanceHours: 6 });
    const edited = await call(south, 'PUT', `/api/items/${id}`, dan, {
      title: 'Rowan sapling',
      description: 'Rowan sapling, well looked after',
      condition: 'good',
      categoryId: await categoryId(south),
      mode: 'swap',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually('the swap on north', async () =>
      (await free()).length === 0 ? true : undefined,
    );
    const swapped = (await call(north, 'GET', `/api/items/${arrived.id}`)).json() as Arrived;
    expect(swapped).toMatchObject({ mode: 'swap', fairChanceHours: null });
  });

  it('refuses a listing of another instance whose photo an admin here blocked, keeps the rest', async () => {
    const photo = await photoLike(61, 800, 600);
    const local = await registerMember(north.app);
    const shown = await call(north, 'POST', '/api/items', local, {
      title: 'Lamp seen before',
      description: 'A photo a scammer copies',
      condition: 'good',
      images: [jpegAsDataUrl(photo)],
    });
    expect(shown.statusCode, shown.body).toBe(201);
    const blocked = await call(north, 'POST', '/api/admin/blocked-images', north.admin, {
      imageUrl: shown.json().images[0],
    });
    expect(blocked.statusCode, blocked.body).toBe(201);

    const eve = await registerMember(south.app);
    const copy = jpegAsDataUrl(await sharp(photo).resize(600).jpeg({ quality: 50 }).toBuffer());
    await list(south, eve, 'Tinted lamp', { images: [copy] });
    await list(south, eve, 'Brass lamp', {
      images: [jpegAsDataUrl(await photoLike(62, 800, 600))],
    });
    await eventually('the brass lamp on north', async () =>
      (await search(north, 'brass')).find((item) => item.title === 'Brass lamp'),
    );
    // Every delivery of south's done (the tinted lamp's was delivered first) before we look.
    await eventually('north’s inbox drained', async () => {
      const { rows } = await north.db.execute<{ n: string }>(
        sql`select count(*) as n from jobs where completed_at is null and failed_at is null`,
      );
      return Number(rows[0]?.n) === 0 ? true : undefined;
    });
    expect(await search(north, 'tinted')).toEqual([]);
  });

  it('stops sharing with an instance it had accepted: its listings leave there at once', async () => {
    type Row = { id: number; host: string; following: string; follower: string; listings: number };
    const rowsOf = async (side: typeof north) =>
      (await call(side, 'GET', '/api/admin/federation/instances', side.admin)).json() as Row[];
    const [northOnSouth] = await rowsOf(south);
    expect(northOnSouth?.follower).toBe('accepted');
    expect((await rowsOf(north))[0]?.listings).toBeGreaterThan(0);
    const stopped = await call(
      south,
      'PATCH',
      `/api/admin/federation/instances/${northOnSouth?.id}`,
      south.admin,
      { follower: 'rejected' },
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    const onNorth = await eventually('north told', async () => {
      const [row] = await rowsOf(north);
      return row?.following === 'rejected' ? row : undefined;
    });
    expect(onNorth.listings).toBe(0);
    expect(await search(north, 'walnut')).toEqual([]);
  });
});

describe('what Mastodon and other servers need of our documents', () => {
  it('parse with Fedify’s vocabulary into the types and fields they read', async () => {
    const { Create, OrderedCollection, Person, Proposal } = await import('@fedify/vocab');
    const member = await registerMember(north.app, { nickname: 'mastodonreader' });
    const id = await list(north, member, 'Oak chessboard');
    const get = async (url: string) =>
      (await fetch(url, { headers: { accept: 'application/activity+json' } })).json();

    const person = await Person.fromJsonLd(await get(`${north.url}/ap/actors/${member.user.id}`));
    expect(person.preferredUsername?.toString()).toBe('mastodonreader');
    expect(person.inboxId?.href).toBe(`${north.url}/ap/actors/${member.user.id}/inbox`);
    expect(person.endpoints?.sharedInbox?.href).toBe(`${north.url}/ap/inbox`);
    expect((await person.getPublicKey())?.ownerId?.href).toBe(person.id?.href);

    const listing = await Proposal.fromJsonLd(await get(`${north.url}/item/${id}`));
    expect(listing.name?.toString()).toBe('Oak chessboard');
    expect(listing.content?.toString()).toContain('<p>Oak chessboard, well looked after</p>');
    expect(listing.url).toEqual(new URL(`${north.url}/item/${id}`));
    expect(listing.attributionId?.href).toBe(person.id?.href);
    expect(listing.published).not.toBeNull();

    // The instance's outbox (how another instance reads our listings) holds Creates of them.
    const outbox = await OrderedCollection.fromJsonLd(
      await get(`${north.url}/ap/actors/instance/outbox`),
    );
    const first = await get(outbox.firstId?.href ?? '');
    const creates = await Promise.all(
      (first.orderedItems as unknown[]).map((item) => Create.fromJsonLd(item)),
    );
    const create = creates.find((activity) => activity.objectId?.href === listing.id?.href);
    expect(create?.actorId?.href).toBe(person.id?.href);
  });
});

describe('FEDERATION=off', () => {
  it('serves no ActivityPub route and no federation admin route', async () => {
    const { createTestApp } = await import('../../testing/app.js');
    const off = await createTestApp({ FEDERATION: 'off', ADMIN_EMAILS: 'off-admin@example.com' });
    try {
      const admin = await registerMember(off.app, { email: 'off-admin@example.com' });
      const finger = await off.app.inject({
        method: 'GET',
        url: '/.well-known/webfinger?resource=acct:someone@localhost',
      });
      expect(finger.statusCode).toBe(404);
      const inbox = await off.app.inject({
        method: 'POST',
        url: '/ap/inbox',
        headers: { 'content-type': 'application/activity+json' },
        payload: '{}',
      });
      expect(inbox.statusCode).toBeGreaterThanOrEqual(400);
      expect(inbox.statusCode).not.toBe(202);
      const instances = await off.app.inject({
        method: 'GET',
        url: '/api/admin/federation/instances',
        headers: { cookie: admin.cookie },
      });
      expect(instances.statusCode).toBe(404);
      // The client is told, so it offers no choice between this community and everywhere.
      const config = await off.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ federation: false });
      const on = await north.app.inject({ method: 'GET', url: '/api/config' });
      expect(on.json()).toMatchObject({ federation: true });
    } finally {
      await off.close();
    }
  });
});
