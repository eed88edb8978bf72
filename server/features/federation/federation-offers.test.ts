import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { callAt, eventually, startInstance, type TestInstance } from '../../testing/instances.js';
import {
  follow,
  heldAs,
  hostOf,
  list,
  type Member,
  offerAcross as offerAcrossBetween,
  offerSeen,
  offersOf,
  WITHIN,
} from '../../testing/offers-across.js';
import { NEEDS_MUTUAL_FOLLOW, NO_PHOTO_ACROSS } from './offers-store.js';

/**
 * Offers between members of two real instances on loopback that follow each other (issue 39 §1):
 * made on one, received on the other within 5 s, and answered back. A third instance that east
 * follows but that does not follow east back takes no offers from east's members.
 */
let east: TestInstance;
let west: TestInstance;
let north: TestInstance;

beforeAll(async () => {
  [east, west, north] = await Promise.all([
    startInstance('east'),
    startInstance('west'),
    startInstance('north'),
  ]);
  await follow(east, west);
  await follow(west, east);
  await follow(east, north);
}, 60_000);
afterAll(async () => {
  await Promise.all([east?.close(), west?.close(), north?.close()]);
});

const call = callAt;
const host = hostOf;

/** Ann on east offers her listing for Bob's on west; both see it pending. */
const offerAcross = (title: string, message: string) =>
  offerAcrossBetween(east, west, title, message);

const answer = (at: TestInstance, who: Member, id: number, status: string) =>
  call(at, 'PATCH', `/api/swap-requests/${id}`, who, { status });

describe('offers across instances', () => {
  it('arrives at the owner’s instance within 5 s as a received offer from nickname@host', async () => {
    const { ann, bob, bobs, anns, bobsOnEast, received } = await offerAcross(
      'Tuba',
      'Swap my tuba case?',
    );
    // Between communities that follow each other, the listing takes offers from here.
    const shown = (await call(east, 'GET', `/api/items/${bobsOnEast}`)).json();
    expect(shown.origin).toMatchObject({ host: host(west), offersTravel: true });
    expect(received.fromUser.nickname).toBe(`${ann.user.nickname}@${host(east)}`);
    expect(received.items.map((item) => item.id)).toEqual([bobs]);
    // Ann's listing is held on west as a listing of east (read from east when it was not yet).
    const annsOnWest = await heldAs(west, east, anns, 'trade');
    expect(received.offeredItems.map((item) => item.id)).toEqual([annsOnWest]);
    // It is Bob's to answer: a received offer, not a made one.
    const counts = await call(west, 'GET', '/api/swap-requests/counts', bob);
    expect(counts.json().received).toBe(1);
  });

  it('shows the owner’s accept on the sender’s side, with the listings reserved there', async () => {
    const { ann, bob, bobsOnEast, sent, received } = await offerAcross('Sitar', 'Sitar for me?');
    const accepted = await answer(west, bob, received.id, 'accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const seen = await offerSeen(east, ann, 'Sitar for me?', 'accepted');
    expect(seen.id).toBe(sent);
    // Bob's listing is held for this swap on east too: nobody there can take it meanwhile.
    const { rows } = await east.db.execute<{ reserved_by: string | null }>(
      sql`select reserved_by from items where id = ${bobsOnEast}`,
    );
    expect(rows[0]?.reserved_by).toBe(`offer:${sent}`);
  });

  it('drops offers on a listing its home deleted', async () => {
    const { ann, bob, bobs, bobsOnEast, sent } = await offerAcross('Zither', 'Zither?');
    // Bob deletes the zither at home: it leaves east, and Ann's offer on it with it.
    expect((await call(west, 'DELETE', `/api/items/${bobs}`, bob)).statusCode).toBe(200);
    await eventually(
      'the zither gone from east',
      async () => (await call(east, 'GET', `/api/items/${bobsOnEast}`)).statusCode === 404,
      WITHIN,
    );
    expect((await offersOf(east, ann)).map((offer) => offer.id)).not.toContain(sent);
  });

  it('shows the owner’s reject on the sender’s side', async () => {
    const { ann, bob, received } = await offerAcross('Oboe', 'Oboe swap?');
    expect((await answer(west, bob, received.id, 'rejected')).statusCode).toBe(200);
    await offerSeen(east, ann, 'Oboe swap?', 'rejected');
  });

  it('tells the sender’s side when the owner’s site closes the offer (the listing became a give-away)', async () => {
    const { ann, bob, bobs } = await offerAcross('Zither', 'Zither for my lute?');
    const [category] = (await call(west, 'GET', '/api/categories')).json();
    const edited = await call(west, 'PUT', `/api/items/${bobs}`, bob, {
      title: 'Zither',
      description: 'Zither, ready to swap',
      condition: 'good',
      categoryId: category.id,
      mode: 'giveaway',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Closed on west by the site, not by Bob: east hears it all the same.
    await offerSeen(west, bob, 'Zither for my lute?', 'rejected');
    await offerSeen(east, ann, 'Zither for my lute?', 'rejected');
  });

  it('tells the owner’s side when the site closes the sender’s offer (what it put up is given away)', async () => {
    const { ann, bob, anns } = await offerAcross('Kazoo', 'Kazoo for a kazoo?');
    // Ann makes the listing she put up a give-away: her offer closes on east, and west hears
    // it as her withdrawal. (Deleted, the listing would leave west and take the offer with it.)
    const [category] = (await call(east, 'GET', '/api/categories')).json();
    const edited = await call(east, 'PUT', `/api/items/${anns}`, ann, {
      title: "Ann's Kazoo trade",
      description: "Ann's Kazoo trade, ready to swap",
      condition: 'good',
      categoryId: category.id,
      mode: 'giveaway',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await offerSeen(east, ann, 'Kazoo for a kazoo?', 'rejected');
    await offerSeen(west, bob, 'Kazoo for a kazoo?', 'withdrawn');
  });

  it('withdraws on the owner’s side when the sender withdraws', async () => {
    const { ann, bob, sent } = await offerAcross('Lyre', 'Lyre, please?');
    expect((await answer(east, ann, sent, 'withdrawn')).statusCode).toBe(200);
    const withdrawn = await offerSeen(west, bob, 'Lyre, please?', 'withdrawn');
    // Withdrawn there, it can no longer be accepted there.
    expect((await answer(west, bob, withdrawn.id, 'accepted')).statusCode).toBe(409);
  });

  it('refuses an offer on a listing reserved at home, and the sender’s side sees it rejected', async () => {
    const ann = await registerMember(east.app);
    const bob = await registerMember(west.app);
    const carl = await registerMember(west.app);
    const drum = await list(west, bob, 'Djembe');
    const drumOnEast = await heldAs(east, west, drum, 'Djembe');
    // Carl, on west, gets the drum first: it is reserved at home.
    const local = await call(west, 'POST', '/api/swap-requests', carl, {
      itemId: drum,
      message: 'Local first',
    });
    expect(local.statusCode, local.body).toBe(201);
    expect((await answer(west, bob, local.json().id, 'accepted')).statusCode).toBe(200);
    const made = await call(east, 'POST', '/api/swap-requests', ann, {
      itemId: drumOnEast,
      message: 'Too late?',
    });
    expect(made.statusCode, made.body).toBe(201);
    await offerSeen(east, ann, 'Too late?', 'rejected');
    expect((await offersOf(west, bob)).map((offer) => offer.message)).toEqual(['Local first']);
  });

  it('takes no offer to an instance that does not follow this one back', async () => {
    const ann = await registerMember(east.app);
    const nora = await registerMember(north.app);
    const harp = await list(north, nora, 'Harp');
    const harpOnEast = await heldAs(east, north, harp, 'Harp');
    // The listing says so, and the client shows no offer button on it.
    const shown = (await call(east, 'GET', `/api/items/${harpOnEast}`)).json();
    expect(shown.origin).toMatchObject({ host: host(north), offersTravel: false });
    const made = await call(east, 'POST', '/api/swap-requests', ann, {
      itemId: harpOnEast,
      message: 'Harp?',
    });
    expect(made.statusCode).toBe(409);
    expect(made.json().message).toBe(NEEDS_MUTUAL_FOLLOW);
    expect(await offersOf(east, ann)).toEqual([]);
  });

  it('refuses a photo with an offer across, clearly', async () => {
    const { ann, bobsOnEast } = await offerAcross('Bongo', 'Bongos?');
    const pixel =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const photo = await call(east, 'POST', '/api/swap-requests', ann, {
      itemId: bobsOnEast,
      message: 'With a photo',
      offerImages: [pixel],
    });
    expect(photo.statusCode).toBe(409);
    expect(photo.json().message).toBe(NO_PHOTO_ACROSS);
  });
});
