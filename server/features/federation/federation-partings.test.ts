import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { callAt, deliverSigned, eventually, type TestInstance } from '../../testing/instances.js';
import {
  followingPair,
  heldAs,
  hostOf,
  list,
  type Member,
  move,
  offerAcross,
  offerSeen,
  WITHIN,
} from '../../testing/offers-across.js';
import { NEEDS_MUTUAL_FOLLOW } from './offers-store.js';

/**
 * Issue 39, when things part during a swap across instances. A listing its home removed while a
 * swap held it stays on the partner's instance for that swap (its chat and ratings), off the
 * market for good, whatever arrives after: an update its home sent before removing it
 * (deliveries are not in order), or the swap cancelled. Once the two instances no longer follow
 * each other, neither party can write on the swap's chat (the other would never see it). Two
 * real instances on loopback; the home's activities delivered signed with the owner's real key,
 * in the order that used to put the copy back on the market.
 */
let east: TestInstance;
let west: TestInstance;

beforeAll(async () => {
  [east, west] = await followingPair();
}, 60_000);
afterAll(async () => {
  await Promise.all([east?.close(), west?.close()]);
});

const listingOn = async (at: TestInstance, id: number) =>
  (await callAt(at, 'GET', `/api/items/${id}`)).json() as {
    isActive: boolean;
    isReserved: boolean;
    title: string;
  };

/** Whether `at` holds listing `id` as gone at home (kept for a swap only). */
const goneOn = async (at: TestInstance, id: number) => {
  const { rows } = await at.db.execute<{ gone: boolean }>(
    sql`select origin_gone_at is not null as gone from items where id = ${id}`,
  );
  return rows[0]?.gone === true;
};

const found = async (at: TestInstance, words: string, id: number) =>
  (
    (await callAt(at, 'GET', `/api/items?search=${encodeURIComponent(words)}`)).json() as Array<{
      id: number;
    }>
  ).some((item) => item.id === id);

/** An activity of `type` on `object` from a member of west, delivered to east signed by them. */
const fromWest = (member: Member, type: 'Delete' | 'Update', object: string) => {
  const actor = `${west.url}/ap/actors/${member.user.id}`;
  return deliverSigned(west, member.user.id, east, {
    '@context': 'https://www.w3.org/ns/activitystreams',
    type,
    id: `${actor}#${type.toLowerCase()}-${crypto.randomUUID()}`,
    actor,
    object,
  });
};

/** Ann of east offers for Bob's listing of west, and Bob accepts: accepted on both. */
async function agreedAcross(title: string, message: string) {
  const offer = await offerAcross(east, west, title, message);
  expect((await move(west, offer.bob, offer.received.id, 'accepted')).statusCode).toBe(200);
  await offerSeen(east, offer.ann, message, 'accepted');
  return offer;
}

describe('a copy its home removed during a swap', () => {
  it('stays off the market after an older update and after the swap is cancelled', async () => {
    const message = 'My kite for your chess set?';
    const { ann, bob, bobs, bobsOnEast, sent } = await agreedAcross('Walnut chess set', message);
    const listingUrl = `${west.url}/item/${bobs}`;
    // West removes the listing (as an admin's removal would), its Delete reaching east while
    // the swap is still accepted there.
    expect((await fromWest(bob, 'Delete', listingUrl)).status).toBeLessThan(300);
    await eventually('the copy marked gone on east', () => goneOn(east, bobsOnEast), WITHIN);
    // Still the swap's: promised to it, on its page.
    expect(await listingOn(east, bobsOnEast)).toMatchObject({ isActive: true, isReserved: true });

    // An update west sent before the removal, delivered after it: the listing as it was.
    expect((await fromWest(bob, 'Update', listingUrl)).status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await goneOn(east, bobsOnEast)).toBe(true);

    // The swap is cancelled: its listings are freed, and this one is not on the market again.
    const cancelled = await move(east, ann, sent, 'cancelled', 'Bob moved away');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await offerSeen(west, bob, message, 'cancelled');
    expect((await listingOn(east, bobsOnEast)).isActive).toBe(false);
    expect(await found(east, 'walnut chess', bobsOnEast)).toBe(false);
  });
});

describe('a swap whose listing its home removed first', () => {
  it('still completes on both instances, the copy then off the market', async () => {
    const message = 'My vase for your teapot?';
    const { ann, bob, bobs, bobsOnEast, sent } = await agreedAcross('Porcelain teapot', message);
    await fromWest(bob, 'Delete', `${west.url}/item/${bobs}`);
    await eventually('the copy marked gone on east', () => goneOn(east, bobsOnEast), WITHIN);

    const completed = await move(east, ann, sent, 'completed');
    expect(completed.statusCode, completed.body).toBe(200);
    await offerSeen(west, bob, message, 'completed');
    expect((await listingOn(east, bobsOnEast)).isActive).toBe(false);
  });
});

describe('a Delete of a listing', () => {
  it('is taken from its owner only, not from another member of its instance', async () => {
    const bob = await registerMember(west.app);
    const carl = await registerMember(west.app);
    const bobs = await list(west, bob, 'Cast iron kettle');
    const bobsOnEast = await heldAs(east, west, bobs, 'kettle');
    const deleteBy = (member: Member) => fromWest(member, 'Delete', `${west.url}/item/${bobs}`);
    expect((await deleteBy(carl)).status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await callAt(east, 'GET', `/api/items/${bobsOnEast}`)).statusCode).toBe(200);
    expect(await found(east, 'cast iron kettle', bobsOnEast)).toBe(true);

    expect((await deleteBy(bob)).status).toBeLessThan(300);
    await eventually(
      'the kettle gone from east',
      async () => (await callAt(east, 'GET', `/api/items/${bobsOnEast}`)).statusCode === 404,
      WITHIN,
    );
  });
});

describe('a swap across instances that no longer follow each other', () => {
  it('refuses a message from either party, on both instances', async () => {
    const message = 'My lamp for your clock?';
    const { ann, bob, sent, received, bobsOnEast } = await agreedAcross('Mantel clock', message);
    const say = (at: TestInstance, who: typeof ann, id: number, text: string) =>
      callAt(at, 'POST', `/api/swap-requests/${id}/messages`, who, { content: text });
    expect((await say(east, ann, sent, 'Saturday at ten?')).statusCode).toBe(201);

    const known = (await callAt(east, 'GET', '/api/admin/federation/instances', east.admin)).json();
    const westOnEast = (known as Array<{ id: number; host: string }>).find(
      (instance) => instance.host === hostOf(west),
    );
    const unfollowed = await callAt(
      east,
      'DELETE',
      `/api/admin/federation/instances/${westOnEast?.id}`,
      east.admin,
    );
    expect(unfollowed.statusCode, unfollowed.body).toBeLessThan(300);
    // West hears that east no longer follows it.
    await eventually(
      'west no longer followed by east',
      async () => {
        const theirs = (
          await callAt(west, 'GET', '/api/admin/federation/instances', west.admin)
        ).json() as Array<{ host: string; follower: string }>;
        return theirs.find((instance) => instance.host === hostOf(east))?.follower === 'none';
      },
      WITHIN,
    );

    // The swap stays for its parties, the listing it names kept for it, marked gone.
    expect(await goneOn(east, bobsOnEast)).toBe(true);
    expect((await listingOn(east, bobsOnEast)).isReserved).toBe(true);
    const fromAnn = await say(east, ann, sent, 'Still on?');
    expect(fromAnn.statusCode).toBe(409);
    expect(fromAnn.json().message).toBe(NEEDS_MUTUAL_FOLLOW);
    const fromBob = await say(west, bob, received.id, 'Are you there?');
    expect(fromBob.statusCode).toBe(409);
    expect(fromBob.json().message).toBe(NEEDS_MUTUAL_FOLLOW);
  });
});
