import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStats, offerResponses } from '../../db/schema/reliability.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

/** Issue 18 §6: response rate, typical response time, completed swaps and circles on profiles. */
type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_OFFERS_PER_HOUR: '500',
    ADMIN_EMAILS: 'reliability-admin@example.com',
  });
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: Member,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

async function listItem(who: Member, title = 'Lamp') {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Works',
    condition: 'good',
  });
  return response.json() as { id: number };
}

async function offerTo(receiver: Member, from: Member): Promise<number> {
  const item = await listItem(receiver);
  const response = await call('POST', '/api/swap-requests', from, {
    itemId: item.id,
    message: 'Swap?',
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().id;
}

const reliabilityOf = async (member: Member) =>
  (await call('GET', `/api/users/${member.user.id}`)).json().reliability;

/** Moves an offer's receipt back in time, so that its answer took `minutes`. */
async function receivedBefore(swapRequestId: number, interval: string) {
  await t.db
    .update(offerResponses)
    .set({ receivedAt: sql`coalesce(${offerResponses.answeredAt}, now()) - ${interval}::interval` })
    .where(eq(offerResponses.swapRequestId, swapRequestId));
}

describe('reliability on GET /api/users/:id', () => {
  it('counts answers, overdue offers and the median time to answer, over 90 days', async () => {
    const [member, a, b] = [
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
    ];
    const accepted = await offerTo(member, a);
    const declined = await offerTo(member, b);
    const countered = await offerTo(member, a);
    const ignored = await offerTo(member, b);
    const fresh = await offerTo(member, a);
    const withdrawn = await offerTo(member, b);
    const closed = await offerTo(member, a);
    const old = await offerTo(member, b);

    const piano = await listItem(a, 'Piano');
    expect(
      (await call('PATCH', `/api/swap-requests/${accepted}`, member, { status: 'accepted' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/swap-requests/${declined}`, member, { status: 'rejected' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', `/api/swap-requests/${countered}/counter`, member, {
          itemId: piano.id,
          message: 'Piano?',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call('PATCH', `/api/swap-requests/${withdrawn}`, b, { status: 'withdrawn' }))
        .statusCode,
    ).toBe(200);
    // The site closes an offer whose listing its owner deletes: no answer was due.
    const closedItem = (await call('GET', `/api/swap-requests/${closed}`, member)).json().itemId;
    expect((await call('DELETE', `/api/items/${closedItem}`, member)).statusCode).toBe(200);

    await receivedBefore(accepted, '10 minutes');
    await receivedBefore(declined, '30 minutes');
    await receivedBefore(countered, '5 hours');
    await receivedBefore(ignored, '3 days');
    await receivedBefore(withdrawn, '4 days');
    await receivedBefore(closed, '4 days');
    await receivedBefore(old, '91 days');

    const rows = await t.db
      .select({ id: offerResponses.swapRequestId, outcome: offerResponses.outcome })
      .from(offerResponses)
      .where(eq(offerResponses.receiverId, member.user.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.outcome]))).toEqual({
      [accepted]: 'accepted',
      [declined]: 'rejected',
      [countered]: 'countered',
      [ignored]: null,
      [fresh]: null,
      [withdrawn]: 'withdrawn',
      [closed]: 'closed',
      [old]: null,
    });

    // Counted: three answered and one ignored for 3 days; the fresh one may still be answered,
    // the withdrawn and closed ones needed no answer, the old one is past the 90 days.
    expect(await reliabilityOf(member)).toEqual({
      responseRate: 75,
      typicalResponseMinutes: 30,
      offersCounted: 4,
      completedSwaps: 0,
      completedCircles: 0,
      problemsOpen: 0,
      problemsUpheld: 0,
    });
  });

  it('keeps the first answer: completing an accepted offer changes no response time', async () => {
    const [member, a] = [await registerMember(t.app), await registerMember(t.app)];
    const sent = await offerTo(member, a);
    await call('PATCH', `/api/swap-requests/${sent}`, member, { status: 'accepted' });
    await receivedBefore(sent, '2 hours');
    await call('PATCH', `/api/swap-requests/${sent}`, a, { status: 'completed' });
    expect(await reliabilityOf(member)).toMatchObject({
      responseRate: 100,
      typicalResponseMinutes: 120,
      offersCounted: 1,
      completedSwaps: 1,
    });
    // The sender answered nothing, but completed the swap too.
    expect(await reliabilityOf(a)).toMatchObject({
      responseRate: null,
      typicalResponseMinutes: null,
      offersCounted: 0,
      completedSwaps: 1,
    });
  });

  it('keeps counters updated by the events, not recounted per request', async () => {
    const [one, two] = [await registerMember(t.app), await registerMember(t.app)];
    await t.db.transaction((tx) =>
      t.app.hooks.emit(tx, 'circle.completed', {
        circleId: 1,
        userIds: [one.user.id, two.user.id],
      }),
    );
    expect(await reliabilityOf(one)).toMatchObject({ completedCircles: 1, completedSwaps: 0 });
    // What the profile shows is the stored counter.
    await t.db
      .update(memberStats)
      .set({ completedSwaps: 41 })
      .where(eq(memberStats.userId, two.user.id));
    expect(await reliabilityOf(two)).toMatchObject({ completedCircles: 1, completedSwaps: 41 });
  });

  it('reads one member’s recent rows through the index', async () => {
    const [member] = [await registerMember(t.app)];
    // With few rows the planner may prefer a sequential scan; forbid it to prove the index fits.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const forced = await tx.execute(
        sql`explain (format json) select count(*) from offer_responses where receiver_id = ${member.user.id} and received_at > now() - interval '90 days'`,
      );
      expect(JSON.stringify(forced.rows)).toContain('offer_responses_receiver_idx');
    });
  });
});

describe('issue 36: offers from members the receiver blocked, or who were suspended', () => {
  let admin: Member;
  beforeAll(async () => {
    admin = await registerMember(t.app, { email: 'reliability-admin@example.com' });
  });

  async function suspend(member: Member) {
    const reporter = await registerMember(t.app);
    const filed = await call('POST', `/api/users/${member.user.id}/report`, reporter, {
      reason: 'scam',
    });
    expect(filed.statusCode).toBe(201);
    const handled = await call('PATCH', `/api/admin/member-reports/${filed.json().id}`, admin, {
      action: 'suspend',
    });
    expect(handled.statusCode).toBe(200);
  }

  it('no longer count against the receiver’s response rate or response time', async () => {
    const [member, pest, scammer, fair] = [
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
    ];
    const fromPest = await offerTo(member, pest);
    const fromScammer = await offerTo(member, scammer);
    const answeredScammer = await offerTo(member, scammer);
    const fromFair = await offerTo(member, fair);
    await call('PATCH', `/api/swap-requests/${answeredScammer}`, member, { status: 'rejected' });
    await call('PATCH', `/api/swap-requests/${fromFair}`, member, { status: 'accepted' });
    await receivedBefore(fromPest, '3 days');
    await receivedBefore(fromScammer, '3 days');
    await receivedBefore(answeredScammer, '10 hours');
    await receivedBefore(fromFair, '2 hours');
    expect(await reliabilityOf(member)).toMatchObject({
      responseRate: 50,
      typicalResponseMinutes: 360,
      offersCounted: 4,
    });

    expect((await call('POST', `/api/users/${pest.user.id}/block`, member)).statusCode).toBe(200);
    expect(await reliabilityOf(member)).toMatchObject({
      responseRate: 67,
      typicalResponseMinutes: 360,
      offersCounted: 3,
    });

    await suspend(scammer);
    expect(await reliabilityOf(member)).toMatchObject({
      responseRate: 100,
      typicalResponseMinutes: 120,
      offersCounted: 1,
    });

    // Unblocked, the member's offer counts again.
    expect((await call('DELETE', `/api/users/${pest.user.id}/block`, member)).statusCode).toBe(200);
    expect(await reliabilityOf(member)).toMatchObject({ responseRate: 50, offersCounted: 2 });
    // A block the other way round leaves the receiver free to answer: it still counts.
    expect((await call('POST', `/api/users/${member.user.id}/block`, fair)).statusCode).toBe(200);
    expect(await reliabilityOf(member)).toMatchObject({ responseRate: 50, offersCounted: 2 });
  });
});
