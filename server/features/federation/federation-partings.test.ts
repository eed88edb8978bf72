import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import {
  callAt,
  deliverSigned,
  eventually,
  startInstance,
  type TestInstance,
} from '../../testing/instances.js';
import {
  follow,
  heldAs,
  hostOf,
  list,
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
  [east, west] = await Promise.all([startInstance('east'), startInstance('west')]);
  await follow(east, west);
  await follow(west, east);
}, 60_000);
afterAll(async () => {
  await Promise.all([east?.close(), west?.close()]);
});

const listingOn = async (at: TestInstance, id: number) =>
  (await callAt(at, 'GET', `/api/items/${id}`)).json() as { isActive: boolean; title: string };

const found = async (at: TestInstance, words: string, id: number) =>
  (
    (await callAt(at, 'GET', `/api/items?search=${encodeURIComponent(words)}`)).json() as Array<{
      id: number;
    }>
  ).some((item) => item.id === id);

describe('a copy its home removed during a swap', () => {
  it('stays off the market after an older update and after the swap is cancelled', async () => {
    const message = 'My kite for your chess set?';
    const { ann, bob, bobs, bobsOnEast, sent, received } = await offerAcross(
      east,
      west,
      'Walnut chess set',
      message,
    );
    expect((await move(west, bob, received.id, 'accepted')).statusCode).toBe(200);
    await offerSeen(east, ann, message, 'accepted');

    const bobActor = `${west.url}/ap/actors/${bob.user.id}`;
    const listingUrl = `${west.url}/item/${bobs}`;
    // West removes the listing (as an admin's removal would), its Delete reaching east while
    // the swap is still accepted there.
    const removed = await deliverSigned(west, bob.user.id, east, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      type: 'Delete',
      id: `${bobActor}#delete-${crypto.randomUUID()}`,
      actor: bobActor,
      object: listingUrl,
    });
    expect(removed.status).toBeLessThan(300);
    await eventually(
      'the copy off the market on east',
      async () => !(await listingOn(east, bobsOnEast)).isActive,
      WITHIN,
    );

    // An update west sent before the removal, delivered after it: the listing as it was.
    const late = await deliverSigned(west, bob.user.id, east, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      type: 'Update',
      id: `${bobActor}#update-${crypto.randomUUID()}`,
      actor: bobActor,
      object: listingUrl,
    });
    expect(late.status).toBeLessThan(300);
    // Applied (its words kept) without coming back.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await listingOn(east, bobsOnEast)).toMatchObject({
      title: 'Walnut chess set',
      isActive: false,
    });

    // The swap is cancelled: its listings are freed, and this one is not on the market again.
    const cancelled = await move(east, ann, sent, 'cancelled', 'Bob moved away');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await offerSeen(west, bob, message, 'cancelled');
    expect((await listingOn(east, bobsOnEast)).isActive).toBe(false);
    expect(await found(east, 'walnut chess', bobsOnEast)).toBe(false);
  });
});

describe('a Delete of a listing', () => {
  it('is taken from its owner only, not from another member of its instance', async () => {
    const bob = await registerMember(west.app);
    const carl = await registerMember(west.app);
    const bobs = await list(west, bob, 'Cast iron kettle');
    const bobsOnEast = await heldAs(east, west, bobs, 'kettle');
    const deleteBy = (member: typeof bob) => {
      const actor = `${west.url}/ap/actors/${member.user.id}`;
      return deliverSigned(west, member.user.id, east, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        type: 'Delete',
        id: `${actor}#delete-${crypto.randomUUID()}`,
        actor,
        object: `${west.url}/item/${bobs}`,
      });
    };
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
    const { ann, bob, sent, received, bobsOnEast } = await offerAcross(
      east,
      west,
      'Mantel clock',
      message,
    );
    expect((await move(west, bob, received.id, 'accepted')).statusCode).toBe(200);
    await offerSeen(east, ann, message, 'accepted');
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

    // The swap stays for its parties, the listing it names off the market for good.
    expect((await listingOn(east, bobsOnEast)).isActive).toBe(false);
    const fromAnn = await say(east, ann, sent, 'Still on?');
    expect(fromAnn.statusCode).toBe(409);
    expect(fromAnn.json().message).toBe(NEEDS_MUTUAL_FOLLOW);
    const fromBob = await say(west, bob, received.id, 'Are you there?');
    expect(fromBob.statusCode).toBe(409);
    expect(fromBob.json().message).toBe(NEEDS_MUTUAL_FOLLOW);
  });
});
