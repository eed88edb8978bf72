import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type Member, registerMember, type TestApp } from '../../testing/app.js';
import { createListing, putWants } from '../matching/matching.testing.js';

/** What the problems test files share: the app, an admin and four members, and their requests. */

export let t: TestApp;
export let admin: Member;
export let ann: Member;
export let bob: Member;
export let cat: Member;
export let dan: Member;

const ADMIN_EMAIL = 'problems-admin@example.com';

export function setUpProblemsApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await registerMember(t.app, { email: ADMIN_EMAIL });
    [ann, bob, cat, dan] = [
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
    ];
  });
  afterAll(() => t.close());
}

export const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  who?: Member | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: who ? { cookie: who.cookie } : {},
  });

export const reportSwap = (who: Member | null, id: number, body: unknown) =>
  call('POST', `/api/swap-requests/${id}/problem`, who, body);

export const reportCircle = (who: Member | null, id: number, body: unknown) =>
  call('POST', `/api/circles/${id}/problem`, who, body);

export const NO_SHOW = { reason: 'no-show', message: 'We agreed on Saturday at the library.' };
export const NOT_RECEIVED = { reason: 'not-received', message: 'The parcel never came.' };

async function listing(who: Member, title: string): Promise<number> {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'For a problem test',
    condition: 'good',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/**
 * An offer from `from` on a listing of `to`, moved through `moves` (accepted, then completed):
 * each move goes through the API, so its milestones are written as the app writes them.
 */
export async function offerBetween(
  from: Member,
  to: Member,
  moves: Array<'accepted' | 'completed'>,
): Promise<number> {
  const itemId = await listing(to, 'Problem lamp');
  const created = await call('POST', '/api/swap-requests', from, { itemId, message: 'Swap?' });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  for (const status of moves) {
    const moved = await call('PATCH', `/api/swap-requests/${id}`, to, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

/** Moves an offer's milestone `days` into the past, as if that much time went by. */
export async function ageSwap(id: number, column: 'accepted_at' | 'completed_at', days: number) {
  await t.db.execute(sql`
    update swap_milestones set ${sql.raw(column)} = now() - make_interval(days => ${days})
    where swap_request_id = ${id}`);
}

/** The notifications `who` has, newest first. */
export async function notificationsOf(who: Member) {
  const { rows } = await t.db.execute<{ type: string; text: string; link: string }>(sql`
    select type, text, link from notifications where recipient_id = ${who.user.id}
    order by id desc`);
  return rows;
}

/**
 * A circle of Ann, Bob and Cat, each giving their listing to the member before them (Ann gets
 * Bob's, Bob gets Cat's, Cat gets Ann's), accepted by all; `received` members then confirm.
 */
export async function acceptedCircle(received: Member[] = []): Promise<number> {
  const members = [ann, bob, cat];
  const ids: number[] = [];
  for (const [k, member] of members.entries()) {
    ids.push(await createListing(t.app, member.cookie, { title: `Problem circle ${k + 1}` }));
  }
  for (const [k, member] of members.entries()) {
    const next = ids[(k + 1) % ids.length] as number;
    expect((await putWants(t.app, member.cookie, ids[k] as number, [next])).statusCode).toBe(200);
  }
  const created = await call('POST', '/api/circles', ann, { itemIds: ids });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  for (const member of [bob, cat]) {
    const accepted = await call('PATCH', `/api/circles/${id}`, member, { decision: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  for (const member of received) {
    const done = await call('PATCH', `/api/circles/${id}`, member, { received: true });
    expect(done.statusCode, done.body).toBe(200);
  }
  return id;
}
