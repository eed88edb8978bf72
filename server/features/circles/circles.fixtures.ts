import { afterAll, beforeAll, expect } from 'vitest';
import type { Circle } from '../../../shared/circles.js';
import {
  createTestApp,
  type Member,
  registerMember,
  requestAs,
  type TestApp,
} from '../../testing/app.js';
import { createListing, putWants } from '../matching/matching.testing.js';

/**
 * What the circles-*.test.ts files share: the app with four members, Ann, Bob, Cat and Dan (set
 * by `setUpCirclesApp()`'s beforeAll, for the file that calls it), requests as them, and loops
 * of wants to propose as circles.
 */

export type { Member };

export let t: TestApp;
export let ann: Member;
export let bob: Member;
export let cat: Member;
export let dan: Member;

/** Starts the app and signs the four members up before the file's tests; closes it after. */
export function setUpCirclesApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'false' });
    [ann, bob, cat, dan] = await Promise.all([
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
    ]);
  });
  afterAll(() => t.close());
}

export const request = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Member | null,
  payload?: unknown,
) => requestAs(t.app, method, url, who, payload);

export const propose = (who: Member | null, itemIds: unknown) =>
  request('POST', '/api/circles', who, { itemIds });
export const patch = (who: Member | null, id: number, body: unknown) =>
  request('PATCH', `/api/circles/${id}`, who, body);
export const circleOf = async (who: Member, id: number): Promise<Circle> => {
  const response = await request('GET', `/api/circles/${id}`, who);
  expect(response.statusCode).toBe(200);
  return response.json();
};
export const itemOf = async (id: number) => (await request('GET', `/api/items/${id}`, null)).json();

/**
 * A loop of wants through one listing each of `members`, in order: each listing's owner wants
 * the next member's listing, the last wants the first. Returns the listings in loop order.
 */
export async function loop(members: Member[], label: string): Promise<number[]> {
  const ids: number[] = [];
  for (const [k, member] of members.entries()) {
    ids.push(await createListing(t.app, member.cookie, { title: `${label} ${k + 1}` }));
  }
  for (const [k, member] of members.entries()) {
    const next = ids[(k + 1) % ids.length] as number;
    expect((await putWants(t.app, member.cookie, ids[k] as number, [next])).statusCode).toBe(200);
  }
  return ids;
}

export async function acceptedCircle(label: string): Promise<{ id: number; ids: number[] }> {
  const ids = await loop([ann, bob, cat], label);
  const created = await propose(ann, ids);
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  expect((await patch(bob, id, { decision: 'accept' })).statusCode).toBe(200);
  expect((await patch(cat, id, { decision: 'accept' })).statusCode).toBe(200);
  return { id, ids };
}
