import { expect } from 'vitest';
import type { Circle } from '../../shared/circles.js';
import { registerMember } from './app.js';
import { callAt, eventually, type TestInstance } from './instances.js';
import { hostOf, list, type Member, WITHIN } from './offers-across.js';

/**
 * Circles between members of real instances on loopback (issue 39 §2): a loop of wants with one
 * member on each instance, each listing known on every instance by that instance's own id.
 */
export type Loop = {
  members: Member[];
  titles: string[];
  /** id(i, k): instance i's id of the listing made on instance k. */
  id: (i: number, k: number) => number;
  /** Instance i's ids of the loop's listings, in loop order from the first member's. */
  idsOn: (i: number) => number[];
};

/** The id `at` holds for `url` (a listing of another instance), once it arrived. */
const heldAs = (at: TestInstance, url: string, words: string) =>
  eventually(
    `${url} on ${at.url}`,
    async () => {
      const found = (
        await callAt(at, 'GET', `/api/items?search=${encodeURIComponent(words)}`)
      ).json() as Array<{ id: number; origin: { url: string } | null }>;
      return found.find((item) => item.origin?.url === url)?.id;
    },
    20_000,
  );

/** A member on each of `all`, listing `label k`; each wants the next one's (the last the first's). */
export async function loopAcross(all: TestInstance[], label: string): Promise<Loop> {
  const members = await Promise.all(all.map((at) => registerMember(at.app)));
  const titles = all.map((_, k) => `${label} ${['anvil', 'bellows', 'crucible', 'drift'][k]}`);
  const made = await Promise.all(
    all.map((at, k) => list(at, members[k] as Member, titles[k] as string)),
  );
  const ids = await Promise.all(
    all.map((at, i) =>
      Promise.all(
        all.map((home, k) =>
          i === k
            ? Promise.resolve(made[k] as number)
            : heldAs(at, `${home.url}/item/${made[k]}`, titles[k] as string),
        ),
      ),
    ),
  );
  const id = (i: number, k: number) => ids[i]?.[k] as number;
  for (const k of all.keys()) {
    const next = (k + 1) % all.length;
    const wanted = await callAt(
      all[k] as TestInstance,
      'PUT',
      `/api/items/${id(k, k)}/wants`,
      members[k],
      {
        itemIds: [id(k, next)],
      },
    );
    expect(wanted.statusCode, wanted.body).toBe(200);
  }
  const idsOn = (i: number) => all.map((_, k) => id(i, k));
  // The wants travel with their listings: each instance sees the whole loop before it is proposed.
  for (const [i, at] of all.entries())
    await eventually(
      `the loop in the matches on ${at.url}`,
      async () => {
        const matches = (await callAt(at, 'GET', '/api/matches', members[i])).json() as {
          circles: Array<{ itemIds: number[] }>;
        };
        return matches.circles.some((circle) =>
          idsOn(i).every((listing) => circle.itemIds.includes(listing)),
        );
      },
      20_000,
    );
  return { members, titles, id, idsOn };
}

/** The member's circles on `at`, as the list answers them now. */
export const circlesOf = async (at: TestInstance, who: Member) =>
  (await callAt(at, 'GET', '/api/circles', who)).json() as Circle[];

/** The circle naming `itemIds` (that instance's ids) that `who` sees on `at`, once `status`. */
export const circleSeen = (
  at: TestInstance,
  who: Member,
  itemIds: number[],
  status: string,
  withinMs = WITHIN,
) =>
  eventually(
    `the circle of ${itemIds.join(',')} ${status} on ${at.url}`,
    async () =>
      (await circlesOf(at, who)).find(
        (circle) =>
          circle.status === status &&
          itemIds.every((id) => circle.legs.some((leg) => leg.item.id === id)),
      ),
    withinMs,
  );

/** `who` moves circle `id` on `at` (`{ decision }`, `{ received: true }`, `{ status, reason }`). */
export const moveCircle = (at: TestInstance, who: Member, id: number, body: object) =>
  callAt(at, 'PATCH', `/api/circles/${id}`, who, body);

/** A member's name as `viewer` (on instance `at`) sees a member of `home`. */
export const nameOn = (at: TestInstance, home: TestInstance, member: Member) =>
  at === home ? member.input.nickname : `${member.input.nickname}@${hostOf(home)}`;
