import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Round } from '../../../shared/rounds.js';
import { users } from '../../db/schema/users.js';
import {
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { createListing } from '../matching/matching.testing.js';
import { killGraceMs } from './solve-worker.js';
import { adversarialRound } from './testing/adversarial-round.js';

/**
 * Issue 36 §1: a verified member organises a round with loops of at most 20 and, with a second
 * account, enters listings whose wants make every loop longer than 22 (testing/adversarial-round.ts).
 * Solved on the event loop inside a transaction, this held every request of the server, /healthz
 * included, for 16.6 s at 40 such listings. Now "solve now" answers at once, the solver runs in a
 * worker thread with no transaction or lock held, within its budget (small here), and the round
 * gets the best answer it found, marked not proven.
 */
const BUDGET_MS = 2_000;
/** A loaded CI machine still answers a request within this while the solver computes. */
const QUICK_MS = 1_000;

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let org: Member;
let sam: Member;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ROUND_SOLVE_MS: String(BUDGET_MS) });
  [org, sam] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, org.user.id));
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(() => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  who: Member | null,
  payload?: unknown,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

/** A request over a real socket, as a load balancer's health check makes it; its time in ms. */
async function timed(path: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  expect(response.status, path).toBe(200);
  return performance.now() - started;
}

describe('an adversarial round', () => {
  it('is solved in a worker within its budget, not proven, while the server answers at once', async () => {
    const round: Round = await call('POST', '/api/rounds', org, {
      title: 'Forty listings, no short loop',
      entriesCloseAt: new Date(Date.now() + 3600_000).toISOString(),
      wantsCloseAt: new Date(Date.now() + 7200_000).toISOString(),
      shippingDeadline: new Date(Date.now() + 86400_000).toISOString(),
      maxLoopLength: 20,
    });
    const plan = adversarialRound(40, 22);
    const members = [org, sam] as const;
    const entryIds: number[] = [];
    for (const [position, entry] of plan.entries()) {
      const owner = members[entry.owner];
      const itemId = await createListing(t.app, owner.cookie, { title: `Puzzle ${position}` });
      entryIds.push((await call('POST', `/api/rounds/${round.id}/entries`, owner, { itemId })).id);
    }
    await call('PATCH', `/api/rounds/${round.id}`, org, { action: 'close-entries' });
    for (const [position, entry] of plan.entries()) {
      await call(
        'PUT',
        `/api/rounds/${round.id}/entries/${entryIds[position]}/wants`,
        members[entry.owner],
        { wants: entry.wants.map((p) => entryIds[p]) },
      );
    }

    const stream = await openEventStream(baseUrl, sam.cookie);
    try {
      const solveStarted = performance.now();
      const posting = fetch(`${baseUrl}/api/rounds/${round.id}/solve`, {
        method: 'POST',
        headers: { cookie: org.cookie },
      });
      // A health check made while "solve now" is being answered is answered too.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const healthMs = await timed('/healthz');
      const accepted = await posting;
      const acceptedMs = performance.now() - solveStarted;
      expect(healthMs).toBeLessThan(QUICK_MS);
      expect(acceptedMs).toBeLessThan(QUICK_MS);
      expect(accepted.status).toBe(202);
      expect(((await accepted.json()) as Round).phase).toBe('solving');

      // Start the job now rather than at the worker's next poll; while it solves, the server
      // answers its health check and a page's read at once, and the round's row is not locked.
      const jobs = t.app.jobs.runDue();
      const isThisRound = (e: { type: string; roundId?: number }) =>
        e.type === 'round' && e.roundId === round.id;
      const samples: number[] = [];
      let phase = 'solving';
      while (phase === 'solving' && performance.now() - solveStarted < 30_000) {
        samples.push(await timed('/healthz'));
        samples.push(await timed(`/api/rounds/${round.id}`, sam.cookie));
        // The claim and the store lock the round's row for a moment; the solve does not.
        await t.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local lock_timeout = ${QUICK_MS}`));
          await tx.execute(sql`select id from rounds where id = ${round.id} for update`);
        });
        phase = ((await call('GET', `/api/rounds/${round.id}`, null)) as Round).phase;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await jobs;
      const solvedMs = performance.now() - solveStarted;

      expect(phase).toBe('results');
      // It was measured while the solver computed, and nothing waited on it.
      expect(samples.length).toBeGreaterThanOrEqual(4);
      expect(Math.max(...samples)).toBeLessThan(QUICK_MS);
      // The results came through the live stream, within the budget and its grace.
      await stream.next(isThisRound, 5_000);
      expect(solvedMs).toBeLessThan(BUDGET_MS + killGraceMs(BUDGET_MS) + QUICK_MS);
      const solved = (await call('GET', `/api/rounds/${round.id}`, org)) as Round;
      expect(solved.result).toMatchObject({ optimal: false, itemsTraded: 0, loops: 0 });
      expect(solved.result?.elapsedMs).toBeLessThanOrEqual(BUDGET_MS);
      expect(solved.result?.itemsBound).toBeGreaterThan(0);
      const report = await t.app.inject({ method: 'GET', url: `/api/rounds/${round.id}/report` });
      expect(report.body).toContain('TRADE LOOPS');
    } finally {
      stream.close();
    }
  }, 120_000);
});
