import { expect } from 'vitest';
import { registerMember } from './app.js';
import { callAt, eventually, startInstance, type TestInstance } from './instances.js';

/**
 * Offers between members of real instances on loopback (issue 39): the steps the federation
 * tests take, each checked as it goes.
 */
export type Member = Awaited<ReturnType<typeof registerMember>>;

export const hostOf = (at: TestInstance) => new URL(at.url).host;

/** Everything across instances travels within 5 s (issue 39 §1). */
export const WITHIN = 5_000;

/** `from` follows `to`, accepted. */
export async function follow(from: TestInstance, to: TestInstance) {
  const followed = await callAt(from, 'POST', '/api/admin/federation/instances', from.admin, {
    url: to.url,
  });
  expect(followed.statusCode, followed.body).toBe(201);
  await eventually(`${from.url} following ${to.url}`, async () => {
    const known = (await callAt(from, 'GET', '/api/admin/federation/instances', from.admin)).json();
    return (known as Array<{ host: string; following: string }>).some(
      (instance) => instance.host === hostOf(to) && instance.following === 'accepted',
    );
  });
}

/** Two real instances, east and west, that follow each other (both ways accepted). */
export async function followingPair(): Promise<[TestInstance, TestInstance]> {
  const [east, west] = await Promise.all([startInstance('east'), startInstance('west')]);
  await follow(east, west);
  await follow(west, east);
  return [east, west];
}

/** `who` lists `title` on `at`; its id. */
export async function list(at: TestInstance, who: Member, title: string) {
  const [category] = (await callAt(at, 'GET', '/api/categories')).json();
  const made = await callAt(at, 'POST', '/api/items', who, {
    title,
    description: `${title}, ready to swap`,
    condition: 'good',
    categoryId: category.id,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as number;
}

/** The local id `at` holds for listing `id` of `home`. */
export const heldAs = (at: TestInstance, home: TestInstance, id: number, words: string) =>
  eventually(`listing ${id} of ${home.url} on ${at.url}`, async () => {
    const found = (
      await callAt(at, 'GET', `/api/items?search=${encodeURIComponent(words)}`)
    ).json();
    return (found as Array<{ id: number; origin: { url: string } | null }>).find(
      (item) => item.origin?.url === `${home.url}/item/${id}`,
    )?.id;
  });

export type OfferView = {
  id: number;
  status: string;
  message: string;
  closedReason?: string | null;
  fromUser: { id: string; nickname: string };
  toUser: { id: string; nickname: string };
  items: Array<{ id: number }>;
  offeredItems: Array<{ id: number }>;
};

/** The member's offers as the list answers them now (no server's kept copy). */
export const offersOf = async (at: TestInstance, who: Member) =>
  (
    await at.app.inject({
      method: 'GET',
      url: '/api/swap-requests',
      headers: { cookie: who.cookie, 'cache-control': 'no-cache' },
    })
  ).json() as OfferView[];

/** The offer `who` sees on `at` whose message is `message`, once it is `status`. */
export const offerSeen = (at: TestInstance, who: Member, message: string, status: string) =>
  eventually(
    `"${message}" ${status} on ${at.url}`,
    async () =>
      (await offersOf(at, who)).find(
        (offer) => offer.message === message && offer.status === status,
      ),
    WITHIN,
  );

/** Ann on `east` offers her listing for Bob's on `west`; both see it pending. */
export async function offerAcross(
  east: TestInstance,
  west: TestInstance,
  title: string,
  message: string,
) {
  const ann = await registerMember(east.app);
  const bob = await registerMember(west.app);
  const bobs = await list(west, bob, title);
  const anns = await list(east, ann, `Ann's ${title} trade`);
  const bobsOnEast = await heldAs(east, west, bobs, title);
  const made = await callAt(east, 'POST', '/api/swap-requests', ann, {
    itemIds: [bobsOnEast],
    offeredItemIds: [anns],
    message,
  });
  expect(made.statusCode, made.body).toBe(201);
  const sent = made.json().id as number;
  const received = await offerSeen(west, bob, message, 'pending');
  return { ann, bob, bobs, anns, bobsOnEast, sent, received };
}

/** `who` moves offer `id` on `at` to `status` (with a `reason` to cancel). */
export const move = (at: TestInstance, who: Member, id: number, status: string, reason?: string) =>
  callAt(at, 'PATCH', `/api/swap-requests/${id}`, who, { status, reason });
