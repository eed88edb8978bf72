import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Round } from '../../../shared/rounds.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import {
  createTestApp,
  type Member,
  registerMember,
  requestAs,
  type TestApp,
} from '../../testing/app.js';
import { createListing } from '../matching/matching.testing.js';

/**
 * What the rounds-*.test.ts files share: the app with an organiser, three members and an admin
 * (set by `setUpRoundsApp()`'s beforeAll, for the file that calls it), requests as them, and
 * rounds in each phase: created, entered, solved, with a three-way loop to find.
 */

export type { Member };

export let t: TestApp;
export let org: Member;
export let ann: Member;
export let bob: Member;
export let cat: Member;
export let admin: Member;

export const HOUR = 3600 * 1000;
export const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function verify(member: Member) {
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.user.id));
}

/**
 * Starts the app, signs the members up (the organiser verified) before the file's tests, and
 * closes it after.
 */
export function setUpRoundsApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'rounds-admin@example.com' });
    [org, ann, bob, cat, admin] = await Promise.all([
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app, { email: 'rounds-admin@example.com' }),
    ]);
    await verify(org);
  });
  afterAll(() => t.close());

  // An organiser runs a few unfinished rounds at a time (ROUND_MAX_OPEN_PER_ORGANISER): each test
  // starts with none of the previous tests' rounds still open.
  beforeEach(async () => {
    await t.db.execute(
      sql`update rounds set state = 'closed' where organiser_id = ${org.user.id} and state in ('open', 'solving')`,
    );
  });
}

export const request = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: Member | null,
  payload?: unknown,
) => requestAs(t.app, method, url, who, payload);

export const roundInput = (fields: Record<string, unknown> = {}) => ({
  title: 'Board game math trade',
  description: 'Games only',
  entriesCloseAt: later(1),
  wantsCloseAt: later(2),
  shippingDeadline: later(24 * 14),
  maxLoopLength: null,
  joinPolicy: 'anyone',
  ...fields,
});

export async function newRound(fields: Record<string, unknown> = {}): Promise<Round> {
  const response = await request('POST', '/api/rounds', org, roundInput(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export const roundOf = async (id: number, who: Member | null = org): Promise<Round> =>
  (await request('GET', `/api/rounds/${id}`, who)).json();

export async function enter(who: Member, roundId: number, title: string) {
  const itemId = await createListing(t.app, who.cookie, { title });
  const response = await request('POST', `/api/rounds/${roundId}/entries`, who, { itemId });
  expect(response.statusCode, response.body).toBe(201);
  return { itemId, entryId: response.json().id as number };
}

/**
 * The round once its solve has finished: "solve now" answers at once and queues the solve, which
 * the job worker runs (here now, or on a poll of this or a peer server).
 */
export async function settled(id: number): Promise<Round> {
  await t.app.jobs.runDue();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const round = await roundOf(id);
    if (round.phase !== 'solving' || Date.now() > deadline) return round;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** "Solve now", answered at once with the round solving; then the round with its results. */
export async function solve(id: number): Promise<Round> {
  const response = await request('POST', `/api/rounds/${id}/solve`, org);
  expect(response.statusCode, response.body).toBe(202);
  expect((response.json() as Round).phase).toBe('solving');
  return settled(id);
}

export const closeEntries = (id: number) =>
  request('PATCH', `/api/rounds/${id}`, org, { action: 'close-entries' });
export const putWants = (who: Member, roundId: number, entryId: number, wants: unknown) =>
  request('PUT', `/api/rounds/${roundId}/entries/${entryId}/wants`, who, { wants });
export const itemRow = async (id: number) => {
  const [row] = await t.db.select().from(items).where(eq(items.id, id));
  return row;
};

/** A round with a three-way loop (ann → bob → cat) and one entry of ann's nobody wants. */
export async function threeWayRound(fields: Record<string, unknown> = {}) {
  const round = await newRound(fields);
  const a = await enter(ann, round.id, 'Settlers game');
  const b = await enter(bob, round.id, 'Carcassonne');
  const c = await enter(cat, round.id, 'Azul');
  const spare = await enter(ann, round.id, 'Monopoly');
  expect((await closeEntries(round.id)).statusCode).toBe(200);
  // Ann would give Settlers for Bob's game, Bob his for Cat's, Cat hers for Settlers.
  expect((await putWants(ann, round.id, a.entryId, [b.entryId])).statusCode).toBe(200);
  expect((await putWants(bob, round.id, b.entryId, [c.entryId])).statusCode).toBe(200);
  expect((await putWants(cat, round.id, c.entryId, [[spare.entryId, a.entryId]])).statusCode).toBe(
    200,
  );
  return { round, a, b, c, spare };
}
