import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { callAt as call, eventually, type TestInstance } from '../../testing/instances.js';
import {
  heldAs as copyOn,
  followingPair,
  list,
  offersOf,
  WITHIN,
} from '../../testing/offers-across.js';

/**
 * Issue 40 §1 across instances (two real instances on loopback that follow each other): a member
 * who erases their account leaves the other instance too, as far as the other party does not
 * need them. Their open offers across close on both sides (an Undo of theirs, or a Reject), and
 * their listings leave the other instance (Deletes signed by their actor, whose keys the
 * erasure keeps for that).
 */
let east: TestInstance;
let west: TestInstance;
beforeAll(async () => {
  [east, west] = await followingPair();
}, 60_000);
afterAll(async () => {
  await Promise.all([east?.close(), west?.close()]);
});

describe('an erasure and the instances that follow this one', () => {
  it('closes the member’s offers across and takes their listings off the other instance', async () => {
    const ann = await registerMember(east.app);
    const bob = await registerMember(west.app);
    const bobs = await list(west, bob, 'Erasure tuba');
    const anns = await list(east, ann, 'Erasure flute');
    const bobsOnEast = await copyOn(east, west, bobs, 'tuba');
    const annsOnWest = await copyOn(west, east, anns, 'flute');
    const made = await call(east, 'POST', '/api/swap-requests', ann, {
      itemIds: [bobsOnEast],
      message: 'May I have your tuba?',
    });
    expect(made.statusCode, made.body).toBe(201);
    await eventually(
      'the offer on west',
      async () =>
        (await offersOf(west, bob)).some(
          (o) => o.message === 'May I have your tuba?' && o.status === 'pending',
        ),
      WITHIN,
    );

    const erased = await call(east, 'DELETE', '/api/account', ann, {
      password: ann.input.password,
    });
    expect(erased.statusCode, erased.body).toBe(200);

    // The offer names none of Ann's listings: only the erasure's closing of her offers ends it,
    // and west hears it as her Undo. It stays in Bob's history there, no longer pending.
    await eventually(
      'the offer closed on west',
      async () => {
        const offer = (await offersOf(west, bob)).find(
          (o) => o.message === 'May I have your tuba?',
        );
        return offer !== undefined && offer.status !== 'pending';
      },
      WITHIN,
    );
    await eventually(
      'the flute gone from west',
      async () => (await call(west, 'GET', `/api/items/${annsOnWest}`)).statusCode === 404,
      WITHIN,
    );
    // West forgets her too (her actor's Delete): the offer stays in Bob's history, without her.
    const annOnWest = `${ann.input.nickname}@${new URL(east.url).host}`;
    await eventually(
      'Ann forgotten on west',
      async () => {
        const offer = (await offersOf(west, bob)).find(
          (o) => o.message === 'May I have your tuba?',
        );
        return offer !== undefined && !JSON.stringify(offer).includes(annOnWest)
          ? offer
          : undefined;
      },
      WITHIN,
    );
    const { rows } = await west.db.execute<{ nickname: string | null; first_name: string | null }>(
      sql`select nickname, first_name from users where actor_url like ${`${east.url}/%`}
            and erased_at is not null`,
    );
    expect(rows).toEqual([{ nickname: null, first_name: 'Deleted' }]);
    // Bob's own listing is his, on the market again at home.
    expect((await call(west, 'GET', `/api/items/${bobs}`)).json().isActive).toBe(true);
  });
});
