import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import { instances } from '../../db/schema/federation.js';
import { registerMember } from '../../testing/app.js';
import { callAt, eventually, startInstance, type TestInstance } from '../../testing/instances.js';

/**
 * Three real instances on loopback: east and west follow each other at once (auto approval);
 * north asks an admin first (manual). Listings and wants travel, matches cross instances, and an
 * admin's block or unfollow takes everything of the other instance away.
 */
let east: TestInstance;
let west: TestInstance;
let north: TestInstance;

beforeAll(async () => {
  [east, west, north] = await Promise.all([
    startInstance('east'),
    startInstance('west'),
    startInstance('north', { FEDERATION_APPROVAL: 'manual' }),
  ]);
});
afterAll(async () => {
  await Promise.all([east?.close(), west?.close(), north?.close()]);
});

type Member = Awaited<ReturnType<typeof registerMember>>;
const call = callAt;

async function list(at: TestInstance, who: Member, title: string) {
  const [category] = (await call(at, 'GET', '/api/categories')).json();
  const made = await call(at, 'POST', '/api/items', who, {
    title,
    description: `${title}, ready to swap`,
    condition: 'good',
    categoryId: category.id,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as number;
}

/** The local id `at` holds for a listing whose page is `url` on its home instance. */
const heldAs = (at: TestInstance, url: string, words: string) =>
  eventually(`${url} on ${at.url}`, async () => {
    const found = (await call(at, 'GET', `/api/items?search=${encodeURIComponent(words)}`)).json();
    return (found as Array<{ id: number; origin: { url: string } | null }>).find(
      (item) => item.origin?.url === url,
    )?.id;
  });

const instancesOf = async (at: TestInstance) =>
  (await call(at, 'GET', '/api/admin/federation/instances', at.admin)).json() as Array<{
    id: number;
    host: string;
    following: string;
    follower: string;
    blocked: boolean;
    listings: number;
  }>;
const host = (at: TestInstance) => new URL(at.url).host;

/** `at`'s admin accepts the follow request of instance row `id`. */
const acceptFollowRequest = (at: TestInstance, id: number) =>
  call(at, 'PATCH', `/api/admin/federation/instances/${id}`, at.admin, { follower: 'accepted' });

async function follow(from: TestInstance, to: TestInstance) {
  const followed = await call(from, 'POST', '/api/admin/federation/instances', from.admin, {
    url: to.url,
  });
  expect(followed.statusCode, followed.body).toBe(201);
  return followed.json() as { id: number };
}

describe('a market across instances', () => {
  it('carries wants both ways, so a mutual match forms between members of two instances', async () => {
    await follow(east, west);
    await follow(west, east);
    const ann = await registerMember(east.app);
    const bob = await registerMember(west.app);
    const accordion = await list(east, ann, 'Piano accordion');
    const banjo = await list(west, bob, 'Tenor banjo');
    const banjoOnEast = await heldAs(east, `${west.url}/item/${banjo}`, 'banjo');
    const accordionOnWest = await heldAs(west, `${east.url}/item/${accordion}`, 'accordion');

    // Each member names the other's listing, on their own instance, by their own ids.
    expect(
      (await call(east, 'PUT', `/api/items/${accordion}/wants`, ann, { itemIds: [banjoOnEast] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(west, 'PUT', `/api/items/${banjo}/wants`, bob, { itemIds: [accordionOnWest] }))
        .statusCode,
    ).toBe(200);

    // West's wants travel with its listing: east sees the banjo wants the accordion.
    const mutual = await eventually('the mutual match on east', async () => {
      const matches = (await call(east, 'GET', '/api/matches', ann)).json() as Matches;
      return matches.mutual.find((match) => match.theirs.id === banjoOnEast);
    });
    expect(mutual.mine.id).toBe(accordion);
    await eventually('the mutual match on west', async () => {
      const matches = (await call(west, 'GET', '/api/matches', bob)).json() as Matches;
      return matches.mutual.find((match) => match.theirs.id === accordionOnWest);
    });
    // Offers on it travel to west (issue 39 §1): federation-offers.test.ts.
  });

  it('sends a member’s report on another instance’s listing or member to that instance’s admins', async () => {
    const gus = await registerMember(west.app);
    const drum = await list(west, gus, 'Snare drum');
    const drumOnEast = await heldAs(east, `${west.url}/item/${drum}`, 'drum');
    const reporter = await registerMember(east.app);
    const reported = await call(east, 'POST', `/api/items/${drumOnEast}/report`, reporter, {
      reason: 'Counterfeit or stolen',
      description: 'The same photo is on another site',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const onWest = await eventually('the report on west', async () => {
      const queue = (await call(west, 'GET', '/api/flagged-items', west.admin)).json() as Array<{
        itemId: number;
        description: string | null;
        reporter: { nickname: string };
      }>;
      return queue.find((entry) => entry.itemId === drum);
    });
    expect(onWest.description).toContain('The same photo is on another site');
    expect(onWest.reporter.nickname).toBe(`admins@${host(east)}`);
    // The member report goes too, naming nobody on east.
    const member = await call(east, 'GET', `/api/items/${drumOnEast}`);
    const flagged = await call(
      east,
      'POST',
      `/api/users/${member.json().userId}/report`,
      reporter,
      {
        reason: 'scam',
      },
    );
    expect(flagged.statusCode, flagged.body).toBe(201);
    await eventually('the member report on west', async () => {
      const queue = (
        await call(west, 'GET', '/api/admin/member-reports', west.admin)
      ).json() as Array<{
        member: { id: string };
      }>;
      return queue.find((entry) => entry.member.id === gus.user.id);
    });
  });

  it('waits for an admin where approval is manual, then brings the listings', async () => {
    const cleo = await registerMember(north.app);
    const harp = await list(north, cleo, 'Celtic harp');
    const asked = await follow(east, north);
    expect((await instancesOf(east)).find((i) => i.id === asked.id)?.following).toBe('pending');
    const request = await eventually('the follow request on north', async () =>
      (await instancesOf(north)).find((i) => i.host === host(east) && i.follower === 'pending'),
    );
    // Members cannot answer it; the admin does.
    const member = await registerMember(north.app);
    expect(
      (
        await call(north, 'PATCH', `/api/admin/federation/instances/${request.id}`, member, {
          follower: 'accepted',
        })
      ).statusCode,
    ).toBe(403);
    const answered = await acceptFollowRequest(north, request.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().follower).toBe('accepted');
    await heldAs(east, `${north.url}/item/${harp}`, 'harp');
    expect((await instancesOf(east)).find((i) => i.id === asked.id)?.following).toBe('accepted');

    // Unfollowing takes its listings away.
    expect(
      (await call(east, 'DELETE', `/api/admin/federation/instances/${asked.id}`, east.admin))
        .statusCode,
    ).toBe(200);
    const after = (await call(east, 'GET', '/api/items?search=harp')).json();
    expect(after).toEqual([]);
  });

  it('sends one follow when an admin follows again while it waits (twice at once too): the answer to it is the one awaited', async () => {
    const ourFollowId = async () =>
      (
        await west.db
          .select({ id: instances.ourFollowId })
          .from(instances)
          .where(eq(instances.host, host(north)))
      )[0]?.id;
    const [first, second] = await Promise.all([follow(west, north), follow(west, north)]);
    expect(second.id).toBe(first.id);
    const sent = await ourFollowId();
    // Following again while it waits sends the same Follow (a new one each time left west
    // waiting on the one north did not answer when they crossed on the way).
    await follow(west, north);
    expect(await ourFollowId()).toBe(sent);
    const request = await eventually('the follow request on north', async () =>
      (await instancesOf(north)).find((i) => i.host === host(west) && i.follower === 'pending'),
    );
    const [held] = await north.db
      .select({ id: instances.theirFollowId })
      .from(instances)
      .where(eq(instances.id, request.id));
    expect(held?.id).toBe(sent);
    const answered = await acceptFollowRequest(north, request.id);
    expect(answered.statusCode, answered.body).toBe(200);
    await eventually(
      'west following north',
      async () =>
        (await instancesOf(west)).find((i) => i.id === first.id)?.following === 'accepted',
    );
  });

  it('blocks an instance: its listings and members leave at once, its deliveries are refused', async () => {
    const dora = await registerMember(west.app);
    const cello = await list(west, dora, 'Cello with bow');
    await heldAs(east, `${west.url}/item/${cello}`, 'cello');
    const westOnEast = (await instancesOf(east)).find((i) => i.host === host(west));
    if (!westOnEast) throw new Error('west unknown on east');
    const blocked = await call(
      east,
      'PATCH',
      `/api/admin/federation/instances/${westOnEast.id}`,
      east.admin,
      { blocked: true },
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, listings: 0 });
    expect((await call(east, 'GET', '/api/items?search=cello')).json()).toEqual([]);
    expect((await call(east, 'GET', '/api/items?scope=everywhere')).json()).not.toContainEqual(
      expect.objectContaining({ origin: expect.objectContaining({ host: host(west) }) }),
    );
    // West still believes east follows it: its next listing is delivered, and refused (403).
    await list(west, dora, 'Viola case');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await call(east, 'GET', '/api/items?search=viola')).json()).toEqual([]);
  });

  it('lists this community only, or everywhere', async () => {
    // West still holds east's listings (east's block keeps west's off east, not the reverse).
    const eli = await registerMember(west.app);
    await list(west, eli, 'Local lute');
    const everywhere = (await call(west, 'GET', '/api/items')).json() as Array<{
      origin: unknown;
    }>;
    const local = (await call(west, 'GET', '/api/items?scope=local')).json() as Array<{
      origin: unknown;
    }>;
    expect(local.length).toBeGreaterThan(0);
    expect(local.every((item) => item.origin === null)).toBe(true);
    expect(everywhere.some((item) => item.origin !== null)).toBe(true);
  });
});
