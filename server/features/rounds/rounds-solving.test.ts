import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyTrades, RoundLoops } from '../../../shared/rounds.js';
import { createPeerApp } from '../../testing/app.js';
import {
  admin,
  ann,
  bob,
  cat,
  closeEntries,
  enter,
  itemRow,
  newRound,
  org,
  putWants,
  request,
  roundOf,
  settled,
  setUpRoundsApp,
  solve,
  t,
  threeWayRound,
} from './rounds.fixtures.js';

setUpRoundsApp();

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
