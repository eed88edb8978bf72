import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type MyTrades,
  ROUND_MAX_OPEN_PER_ORGANISER,
  type Round,
  type RoundLoops,
} from '../../../shared/rounds.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import {
  createPeerApp,
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { createListing } from '../matching/matching.testing.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let org: Member;
let ann: Member;
let bob: Member;
let cat: Member;
let admin: Member;

const HOUR = 3600 * 1000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function verify(member: Member) {
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.user.id));
}

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

const request = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: Member | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const roundInput = (fields: Record<string, unknown> = {}) => ({
  title: 'Board game math trade',
  description: 'Games only',
  entriesCloseAt: later(1),
  wantsCloseAt: later(2),
  shippingDeadline: later(24 * 14),
  maxLoopLength: null,
  joinPolicy: 'anyone',
  ...fields,
});

async function newRound(fields: Record<string, unknown> = {}): Promise<Round> {
  const response = await request('POST', '/api/rounds', org, roundInput(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const roundOf = async (id: number, who: Member | null = org): Promise<Round> =>
  (await request('GET', `/api/rounds/${id}`, who)).json();

async function enter(who: Member, roundId: number, title: string) {
  const itemId = await createListing(t.app, who.cookie, { title });
  const response = await request('POST', `/api/rounds/${roundId}/entries`, who, { itemId });
  expect(response.statusCode, response.body).toBe(201);
  return { itemId, entryId: response.json().id as number };
}

/**
 * The round once its solve has finished: "solve now" answers at once and queues the solve, which
 * the job worker runs (here now, or on a poll of this or a peer server).
 */
async function settled(id: number): Promise<Round> {
  await t.app.jobs.runDue();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const round = await roundOf(id);
    if (round.phase !== 'solving' || Date.now() > deadline) return round;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** "Solve now", answered at once with the round solving; then the round with its results. */
async function solve(id: number): Promise<Round> {
  const response = await request('POST', `/api/rounds/${id}/solve`, org);
  expect(response.statusCode, response.body).toBe(202);
  expect((response.json() as Round).phase).toBe('solving');
  return settled(id);
}

const closeEntries = (id: number) =>
  request('PATCH', `/api/rounds/${id}`, org, { action: 'close-entries' });
const putWants = (who: Member, roundId: number, entryId: number, wants: unknown) =>
  request('PUT', `/api/rounds/${roundId}/entries/${entryId}/wants`, who, { wants });
const itemRow = async (id: number) => {
  const [row] = await t.db.select().from(items).where(eq(items.id, id));
  return row;
};

/** A round with a three-way loop (ann → bob → cat) and one entry of ann's nobody wants. */
async function threeWayRound(fields: Record<string, unknown> = {}) {
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

describe('creating a round', () => {
  it('lets a verified member create one, in the entries phase, with jobs scheduled', async () => {
    const round = await newRound();
    expect(round.phase).toBe('entries');
    expect(round.organiser.id).toBe(org.user.id);
    expect(round.actions).toEqual(['enter', 'close-entries', 'close', 'export']);
    const { rows } = await t.db.execute<{ queue: string }>(
      sql`select queue from jobs where dedupe_key like ${`round:${round.id}:%`} order by queue`,
    );
    expect(rows.map((row) => row.queue)).toEqual([
      'rounds.solve',
      'rounds.wants-closing',
      'rounds.wants-open',
    ]);
    const listed = (await request('GET', '/api/rounds', null)).json() as Round[];
    expect(listed.some((r) => r.id === round.id)).toBe(true);
  });

  it('lets an organiser run a few unfinished rounds at a time', async () => {
    const running = [];
    for (let k = 0; k < ROUND_MAX_OPEN_PER_ORGANISER; k++) running.push(await newRound());
    const more = await request('POST', '/api/rounds', org, roundInput());
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/have not finished/);
    const [first] = running;
    await request('PATCH', `/api/rounds/${first?.id}`, org, { action: 'close' });
    await newRound();
  });

  it('refuses visitors, unverified members and bad dates, with a message', async () => {
    expect((await request('POST', '/api/rounds', null, roundInput())).statusCode).toBe(401);
    const unverified = await request('POST', '/api/rounds', ann, roundInput());
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toMatch(/verified/);
    for (const fields of [
      { entriesCloseAt: new Date(Date.now() - HOUR).toISOString() },
      { wantsCloseAt: later(0.5) },
      { shippingDeadline: later(1.5) },
      { maxLoopLength: 1 },
      { title: '' },
      { joinPolicy: 'friends' },
    ]) {
      const response = await request('POST', '/api/rounds', org, roundInput(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});

describe('entries', () => {
  it('holds an entered listing for the round and frees it when withdrawn', async () => {
    const round = await newRound();
    const { itemId, entryId } = await enter(ann, round.id, 'Ticket to Ride');
    expect((await itemRow(itemId))?.reservedBy).toBe(`round:${round.id}`);
    const entries = (await request('GET', `/api/rounds/${round.id}/entries`, null)).json();
    expect(entries).toEqual([expect.objectContaining({ id: entryId })]);
    expect((await roundOf(round.id, ann)).myEntryCount).toBe(1);
    // Another round cannot take it meanwhile, nor can the entry be removed by someone else.
    const other = await newRound();
    const taken = await request('POST', `/api/rounds/${other.id}/entries`, ann, { itemId });
    expect(taken.statusCode).toBe(409);
    const foreign = await request('DELETE', `/api/rounds/${round.id}/entries/${entryId}`, bob);
    expect(foreign.statusCode).toBe(403);
    const removed = await request('DELETE', `/api/rounds/${round.id}/entries/${entryId}`, ann);
    expect(removed.statusCode).toBe(200);
    expect((await itemRow(itemId))?.reservedBy).toBeNull();
  });

  it('tells every open page, live, when an entry comes or goes and when the round changes', async () => {
    const round = await newRound();
    // Bob is no participant: a round's page is public, and his open page refreshes too.
    const stream = await openEventStream(await listenOnLoopback(t.app), bob.cookie);
    const isThisRound = (e: { type: string; roundId?: number }) =>
      e.type === 'round' && e.roundId === round.id;
    try {
      const { entryId } = await enter(ann, round.id, 'Carcassonne');
      await stream.next(isThisRound);
      await request('DELETE', `/api/rounds/${round.id}/entries/${entryId}`, ann);
      await stream.next(isThisRound);
      expect((await closeEntries(round.id)).statusCode).toBe(200);
      await stream.next(isThisRound);
    } finally {
      stream.close();
    }
  });

  it("refuses someone else's listing, a listing twice, and entries after they close", async () => {
    const round = await newRound();
    const itemId = await createListing(t.app, ann.cookie, { title: 'Pandemic' });
    const foreign = await request('POST', `/api/rounds/${round.id}/entries`, bob, { itemId });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/your own listings/);
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, ann, { itemId })).statusCode,
    ).toBe(201);
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, ann, { itemId })).statusCode,
    ).toBe(409);
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, null, { itemId })).statusCode,
    ).toBe(401);
    await closeEntries(round.id);
    const late = await enter(bob, round.id, 'Late').catch(() => null);
    expect(late).toBeNull();
    const itemId2 = await createListing(t.app, bob.cookie, { title: 'Late 2' });
    const closed = await request('POST', `/api/rounds/${round.id}/entries`, bob, {
      itemId: itemId2,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/Entries are closed/);
  });

  it('keeps a verified-members round to verified members', async () => {
    const round = await newRound({ joinPolicy: 'verified' });
    const itemId = await createListing(t.app, bob.cookie, { title: 'Dixit' });
    const refused = await request('POST', `/api/rounds/${round.id}/entries`, bob, { itemId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/verified members only/);
    const ownId = await createListing(t.app, org.cookie, { title: 'Codenames' });
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, org, { itemId: ownId })).statusCode,
    ).toBe(201);
  });
});

describe('wants', () => {
  it('are ranked in the wants phase only, for your own entries, naming others’ entries once', async () => {
    const round = await newRound();
    const a = await enter(ann, round.id, 'Root');
    const a2 = await enter(ann, round.id, 'Wingspan');
    const b = await enter(bob, round.id, 'Everdell');
    const early = await putWants(ann, round.id, a.entryId, [b.entryId]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still taking entries/);
    await closeEntries(round.id);
    const told = (await request('GET', '/api/notifications', bob)).json();
    expect(JSON.stringify(told)).toMatch(/is open: add your want lists/);
    expect((await putWants(bob, round.id, a.entryId, [b.entryId])).statusCode).toBe(403);
    expect((await putWants(ann, round.id, a.entryId, [a2.entryId])).statusCode).toBe(400);
    expect((await putWants(ann, round.id, a.entryId, [b.entryId, [b.entryId]])).statusCode).toBe(
      400,
    );
    expect((await putWants(ann, round.id, a.entryId, [999999])).statusCode).toBe(400);
    expect((await putWants(ann, round.id, 999999, [b.entryId])).statusCode).toBe(404);
    expect((await putWants(ann, round.id, a.entryId, ['x'])).statusCode).toBe(400);
    const ok = await putWants(ann, round.id, a.entryId, [[b.entryId]]);
    expect(ok.statusCode).toBe(200);
    const mine = (await request('GET', `/api/rounds/${round.id}/wants`, ann)).json();
    expect(mine.entries).toEqual([
      { entryId: a.entryId, wants: [[b.entryId]] },
      { entryId: a2.entryId, wants: [] },
    ]);
    expect((await request('GET', `/api/rounds/${round.id}/wants`, null)).statusCode).toBe(401);
  });
});

describe('solving', () => {
  it('only the organiser (or an admin) solves, and only once entries are closed', async () => {
    const round = await newRound();
    const early = await request('POST', `/api/rounds/${round.id}/solve`, org);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Close entries/);
    await closeEntries(round.id);
    expect((await request('POST', `/api/rounds/${round.id}/solve`, ann)).statusCode).toBe(403);
    expect((await request('POST', `/api/rounds/${round.id}/solve`, null)).statusCode).toBe(401);
    expect((await request('POST', `/api/rounds/${round.id}/solve`, admin)).statusCode).toBe(202);
    // Being solved: a second "solve now" is told so; once solved, that it is.
    const during = await request('POST', `/api/rounds/${round.id}/solve`, org);
    expect(during.statusCode).toBe(409);
    expect(during.json().message).toMatch(/being solved/);
    expect((await settled(round.id)).phase).toBe('results');
    const again = await request('POST', `/api/rounds/${round.id}/solve`, org);
    expect(again.statusCode).toBe(409);
  });

  it('finds the loop: trades stored, traded listings inactive, the rest released', async () => {
    const { round, a, b, c, spare } = await threeWayRound();
    // An offer on Ann's entered listing (made before she entered it: an offer can no longer name
    // a reserved listing, issue 38) is closed when the listing is traded.
    expect(
      (
        await request('POST', '/api/swap-requests', bob, { itemId: a.itemId, message: 'Swap?' })
      ).json().message,
    ).toMatch(/reserved/);
    const {
      rows: [made],
    } = await t.db.execute<{ id: number }>(sql`
      insert into swap_requests (from_user_id, to_user_id, item_id, message)
      values (${bob.user.id}, ${ann.user.id}, ${a.itemId}, 'Swap?') returning id`);
    const view = await solve(round.id);
    expect(view.phase).toBe('results');
    expect(view.result).toMatchObject({
      itemsTraded: 3,
      items: 4,
      membersTrading: 3,
      loops: 1,
      optimal: true,
      itemsBound: 3,
    });
    for (const { itemId } of [a, b, c]) {
      expect(await itemRow(itemId)).toMatchObject({ isActive: false, reservedBy: null });
    }
    expect(await itemRow(spare.itemId)).toMatchObject({ isActive: true, reservedBy: null });
    const closedOffer = (await request('GET', `/api/swap-requests/${made?.id}`, bob)).json();
    expect(closedOffer.status).toBe('rejected');

    const mine: MyTrades = (await request('GET', `/api/rounds/${round.id}/trades`, ann)).json();
    // Ann sends Settlers to Cat and receives Carcassonne from Bob.
    expect(mine.send.map((x) => [x.item.id, x.receiver.id])).toEqual([[a.itemId, cat.user.id]]);
    expect(mine.receive.map((x) => [x.item.id, x.giver.id])).toEqual([[b.itemId, bob.user.id]]);
    const loops: RoundLoops = (await request('GET', `/api/rounds/${round.id}/loops`, null)).json();
    expect(loops.loops).toHaveLength(1);
    expect(loops.loops[0]?.legs).toHaveLength(3);
    const report = await request('GET', `/api/rounds/${round.id}/report`, null);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('TRADE LOOPS');
    expect(report.body).toContain('Num trades   = 3 of 4 items');
    const exported = await request('GET', `/api/rounds/${round.id}/want-list`, org);
    expect(exported.headers['content-type']).toMatch(/text\/plain/);
    expect(exported.body).toContain(`(${ann.input.nickname}) ${a.entryId} : ${b.entryId}`);
    expect(exported.body).toContain('%ANY-1');
    const notifications = (await request('GET', '/api/notifications', bob)).json();
    expect(JSON.stringify(notifications)).toMatch(/has its results/);
  });

  it('is reproducible: the same wants and seed give the same loops', async () => {
    const { round } = await threeWayRound();
    const exported = (await request('GET', `/api/rounds/${round.id}/want-list`, org)).body;
    await solve(round.id);
    expect((await request('GET', `/api/rounds/${round.id}/want-list`, org)).body).toBe(exported);
  });

  it('reminds participants before want lists close, only while they are open', async () => {
    const round = await newRound();
    await enter(ann, round.id, 'Azul');
    await closeEntries(round.id);
    const reminder = sql`update jobs set run_at = now() where dedupe_key = ${`round:${round.id}:wants-closing`}`;
    const told = async () =>
      JSON.stringify((await request('GET', '/api/notifications', ann)).json());
    expect(await told()).not.toMatch(/closes soon/);
    await t.db.execute(reminder);
    await t.app.jobs.runDue();
    expect(await told()).toMatch(/“Board game math trade” closes soon: check your want lists/);

    // A round closed meanwhile sends no reminder.
    const closed = await newRound({ title: 'Closed early' });
    await enter(ann, closed.id, 'Patchwork');
    await request('PATCH', `/api/rounds/${closed.id}`, org, { action: 'close' });
    await t.db.execute(
      sql`update jobs set run_at = now() where dedupe_key = ${`round:${closed.id}:wants-closing`}`,
    );
    await t.app.jobs.runDue();
    expect(await told()).not.toMatch(/“Closed early” closes soon/);
  });

  it('the scheduled job solves a due round once, even with two app servers', async () => {
    const { round } = await threeWayRound();
    await t.db.execute(sql`
      update rounds set entries_close_at = now() - interval '2 hours', wants_close_at = now() - interval '1 hour'
       where id = ${round.id}`);
    await t.db.execute(
      sql`update jobs set run_at = now() where dedupe_key = ${`round:${round.id}:solve`}`,
    );
    const peer = await createPeerApp(t);
    try {
      await Promise.all([t.app.jobs.runDue(), peer.jobs.runDue()]);
    } finally {
      await peer.close();
    }
    expect((await roundOf(round.id)).phase).toBe('results');
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from round_trades where round_id = ${round.id}`,
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('two "solve now" on two app servers at once: one claims it, the other is told it is being solved', async () => {
    const { round } = await threeWayRound();
    const peer = await createPeerApp(t);
    try {
      const solveOn = (app: typeof peer) =>
        app.inject({
          method: 'POST',
          url: `/api/rounds/${round.id}/solve`,
          headers: { cookie: org.cookie },
        });
      const answers = await Promise.all([solveOn(t.app), solveOn(peer)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
      expect((await settled(round.id)).phase).toBe('results');
    } finally {
      await peer.close();
    }
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from round_trades where round_id = ${round.id}`,
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('freezes entries and want lists while it is solved; closed meanwhile, its answer is dropped', async () => {
    const { round, a, b, c } = await threeWayRound();
    const asked = await request('POST', `/api/rounds/${round.id}/solve`, org);
    expect(asked.statusCode).toBe(202);
    const frozen = await putWants(ann, round.id, a.entryId, [c.entryId]);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toMatch(/being solved/);
    // The organiser closes the round while the solver runs (its thread takes a moment to
    // start): the answer finds the round closed and is dropped, nothing trades.
    const running = t.app.jobs.runDue();
    for (let waited = 0; waited < 10_000; waited += 10) {
      const { rows } = await t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from jobs
         where queue = 'rounds.solve' and payload->>'roundId' = ${String(round.id)}
           and locked_by is not null and completed_at is null`);
      if (rows[0]?.n) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, org, { action: 'close' })).statusCode,
    ).toBe(200);
    await running;
    const after = await settled(round.id);
    expect(after).toMatchObject({ phase: 'closed', result: null, solvedAt: null });
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from round_trades where round_id = ${round.id}`,
    );
    expect(rows[0]?.n).toBe(0);
    for (const { itemId } of [a, b]) {
      expect(await itemRow(itemId)).toMatchObject({ isActive: true, reservedBy: null });
    }
  });

  it('respects the maximum loop length', async () => {
    const { round } = await threeWayRound({ maxLoopLength: 2 });
    const solved = await solve(round.id);
    expect(solved.result).toMatchObject({ itemsTraded: 0 });
  });
});

describe('shipping', () => {
  it('the sender marks sent, the receiver marks received, once each', async () => {
    const { round, a } = await threeWayRound();
    const early = await request('PATCH', `/api/rounds/${round.id}/trades/${a.entryId}`, ann, {
      sent: true,
    });
    expect(early.statusCode).toBe(409);
    await solve(round.id);
    const url = `/api/rounds/${round.id}/trades/${a.entryId}`;
    expect((await request('PATCH', url, cat, { sent: true })).statusCode).toBe(403);
    const sent = await request('PATCH', url, ann, { sent: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentAt).toBeTruthy();
    expect((await request('PATCH', url, ann, { sent: true })).statusCode).toBe(409);
    expect((await request('PATCH', url, ann, { received: true })).statusCode).toBe(403);
    expect((await request('PATCH', url, cat, { received: true })).json().receivedAt).toBeTruthy();
    expect((await request('PATCH', url, cat, { shipped: 1 })).statusCode).toBe(400);
    expect(
      (await request('PATCH', `/api/rounds/${round.id}/trades/999999`, ann, { sent: true }))
        .statusCode,
    ).toBe(404);
  });
});

describe('organiser and admin', () => {
  it('closing a round early releases its entries; only the organiser or an admin may', async () => {
    const round = await newRound();
    const { itemId } = await enter(ann, round.id, 'Splendor');
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, ann, { action: 'close' })).statusCode,
    ).toBe(403);
    const closed = await request('PATCH', `/api/rounds/${round.id}`, org, {
      action: 'close',
      reason: 'Too few entries',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      phase: 'closed',
      closedReason: 'Too few entries',
      actions: ['export'],
    });
    expect((await itemRow(itemId))?.reservedBy).toBeNull();
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, org, { action: 'close' })).statusCode,
    ).toBe(409);
  });

  it('an admin hides a round: gone for everyone but admins and the organiser', async () => {
    const round = await newRound();
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, org, { action: 'hide' })).statusCode,
    ).toBe(403);
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, admin, { action: 'hide' })).statusCode,
    ).toBe(200);
    expect((await request('GET', `/api/rounds/${round.id}`, ann)).statusCode).toBe(404);
    expect((await request('GET', `/api/rounds/${round.id}`, null)).statusCode).toBe(404);
    expect((await request('GET', `/api/rounds/${round.id}`, org)).statusCode).toBe(200);
    expect((await request('GET', `/api/rounds/${round.id}`, admin)).json().hidden).toBe(true);
    const listed = (await request('GET', '/api/rounds', ann)).json() as Round[];
    expect(listed.some((r) => r.id === round.id)).toBe(false);
  });

  it('imports a want-list file into the wants phase, skipping what it cannot use', async () => {
    const round = await newRound();
    const a = await enter(ann, round.id, 'Agricola');
    const b = await enter(bob, round.id, 'Caylus');
    const c = await enter(cat, round.id, 'Brass');
    const file = [
      '#! REQUIRE-COLONS REQUIRE-USERNAMES ALLOW-DUMMIES',
      `(${ann.input.nickname}) ${a.entryId} : ${b.entryId} %GAME`,
      `(${ann.input.nickname}) %GAME : ${c.entryId}`,
      `(${bob.input.nickname}) ${b.entryId} : ${a.entryId} 424242`,
      `(someone) ${c.entryId} : ${a.entryId}`,
    ].join('\n');
    const early = await request('POST', `/api/rounds/${round.id}/want-list`, org, { text: file });
    expect(early.statusCode).toBe(409);
    await closeEntries(round.id);
    expect(
      (await request('POST', `/api/rounds/${round.id}/want-list`, ann, { text: file })).statusCode,
    ).toBe(403);
    const imported = await request('POST', `/api/rounds/${round.id}/want-list`, org, {
      text: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().updated).toBe(2);
    expect(imported.json().warnings.join('\n')).toMatch(/belongs to/);
    const annWants = (await request('GET', `/api/rounds/${round.id}/wants`, ann)).json();
    expect(annWants.entries[0].wants).toEqual([b.entryId, [c.entryId]]);
    const bobWants = (await request('GET', `/api/rounds/${round.id}/wants`, bob)).json();
    expect(bobWants.entries[0].wants).toEqual([a.entryId]);
    expect((await request('GET', `/api/rounds/${round.id}/want-list`, ann)).statusCode).toBe(403);
  });

  it('an import leaves the wants a member set in the app unless they let the organiser, and tells those whose list it changed', async () => {
    const round = await newRound();
    const a = await enter(ann, round.id, 'Tzolkin');
    const b = await enter(bob, round.id, 'Orleans');
    // Cat lets the organiser set her entry's wants, whatever she sets herself.
    const catsItem = await createListing(t.app, cat.cookie, { title: 'Concordia' });
    const entered = await request('POST', `/api/rounds/${round.id}/entries`, cat, {
      itemId: catsItem,
      organiserSetsWants: true,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const c = { entryId: entered.json().id as number };
    await closeEntries(round.id);
    expect((await putWants(ann, round.id, a.entryId, [c.entryId])).statusCode).toBe(200);
    expect((await putWants(cat, round.id, c.entryId, [b.entryId])).statusCode).toBe(200);
    const file = [
      '#! REQUIRE-COLONS REQUIRE-USERNAMES',
      `(${ann.input.nickname}) ${a.entryId} : ${b.entryId}`,
      `(${bob.input.nickname}) ${b.entryId} : ${a.entryId}`,
      `(${cat.input.nickname}) ${c.entryId} : ${a.entryId}`,
    ].join('\n');
    const imported = await request('POST', `/api/rounds/${round.id}/want-list`, org, {
      text: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ updated: 2, keptByOwner: 1 });
    const wantsOf = async (who: Member) =>
      (await request('GET', `/api/rounds/${round.id}/wants`, who)).json().entries[0].wants;
    expect(await wantsOf(ann)).toEqual([c.entryId]);
    expect(await wantsOf(bob)).toEqual([a.entryId]);
    expect(await wantsOf(cat)).toEqual([a.entryId]);

    const importNotes = async (who: Member) =>
      (
        (await request('GET', '/api/notifications', who)).json().items as Array<{
          type: string;
          text: string;
          link: string;
        }>
      ).filter(
        (n) =>
          n.type === 'round' && /imported file/.test(n.text) && n.link === `/rounds/${round.id}`,
      );
    expect(await importNotes(ann)).toEqual([]);
    for (const who of [bob, cat]) {
      const notes = await importNotes(who);
      expect(notes.map((n) => [n.text, n.link])).toEqual([
        [
          'The organiser of the swap round “Board game math trade” set the want list of your entry from an imported file',
          `/rounds/${round.id}`,
        ],
      ]);
    }
    // Imported again, nothing changes: the counts say so, and nobody is told again.
    const again = await request('POST', `/api/rounds/${round.id}/want-list`, org, { text: file });
    expect(again.json()).toMatchObject({ updated: 2, keptByOwner: 1 });
  });

  it('results are refused before solving', async () => {
    const round = await newRound();
    for (const path of ['loops', 'report', 'trades']) {
      const response = await request('GET', `/api/rounds/${round.id}/${path}`, ann);
      expect(response.statusCode, path).toBe(409);
      expect(response.json().message).toMatch(/no results yet/);
    }
  });
});
