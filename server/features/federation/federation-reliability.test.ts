import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.js';
import { memberStats } from '../../db/schema/reliability.js';
import { registerMember } from '../../testing/app.js';
import { callAt, eventually, type TestInstance } from '../../testing/instances.js';
import { followingPair, heldAs, hostOf, list, WITHIN } from '../../testing/offers-across.js';
import { HOME_RELIABILITY_QUEUE } from '../users/home-reliability.js';

/**
 * Issue 39 §3: a member of another community shows the reliability their home reports, marked
 * as such (its host and when it reported), read from the link their actor carries. Two real
 * instances on loopback.
 */
let east: TestInstance;
let west: TestInstance;

beforeAll(async () => {
  [east, west] = await followingPair();
}, 60_000);
afterAll(async () => {
  await Promise.all([east?.close(), west?.close()]);
});

type Profile = {
  home: null | {
    host: string;
    profileUrl: string | null;
    reliability: null | { completedSwaps: number; completedCircles: number };
    reportedAt: string | null;
  };
  reliability: { completedSwaps: number };
};

describe('a remote member’s reliability', () => {
  it('is what their home reports, with its host and when, read at most hourly', async () => {
    const ann = await registerMember(east.app);
    const lamp = await list(east, ann, 'Brass desk lamp');
    // Ann's record at home: swaps and circles completed there, none with anyone of west.
    await east.db
      .insert(memberStats)
      .values({ userId: ann.user.id, completedSwaps: 7, completedCircles: 2 });
    const lampOnWest = await heldAs(west, east, lamp, 'lamp');
    const annOnWest = (await callAt(west, 'GET', `/api/items/${lampOnWest}`)).json().userId;

    const profile = await eventually(
      'ann’s home report on west',
      async () => {
        const answer = await callAt(west, 'GET', `/api/users/${annOnWest}`);
        expect(answer.statusCode, answer.body).toBe(200);
        const seen = answer.json() as Profile;
        return seen.home?.reliability ? seen : undefined;
      },
      WITHIN,
    );
    expect(profile.home).toMatchObject({
      host: hostOf(east),
      profileUrl: `${east.url}/profile/${ann.user.id}`,
      reliability: { completedSwaps: 7, completedCircles: 2 },
    });
    expect(Date.parse(profile.home?.reportedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // What west saw of ann itself is nothing: the figures above are east's.
    expect(profile.reliability.completedSwaps).toBe(0);

    // Looking again within the hour asks home nothing more: one read, however many looks.
    await callAt(west, 'GET', `/api/users/${annOnWest}`);
    await callAt(west, 'GET', `/api/users/${annOnWest}`);
    const reads = await west.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.queue, HOME_RELIABILITY_QUEUE), like(jobs.dedupeKey, `%${annOnWest}%`)));
    expect(reads).toHaveLength(1);
  });

  it('is not asked of anyone for a member of this community', async () => {
    const bea = await registerMember(west.app);
    const seen = (await callAt(west, 'GET', `/api/users/${bea.user.id}`)).json() as Profile;
    expect(seen.home).toBeNull();
  });

  it('links from the member’s actor to their profile’s JSON on their own instance', async () => {
    const cid = await registerMember(east.app);
    const actor = await fetch(`${east.url}/ap/actors/${cid.user.id}`, {
      headers: { accept: 'application/activity+json' },
    });
    const document = (await actor.json()) as { attachment?: unknown };
    expect(document.attachment).toMatchObject({
      type: 'Link',
      rel: 'urn:swapmarket:reliability',
      href: `${east.url}/api/users/${cid.user.id}`,
    });
  });
});
