import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../infra/job-queue.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { UPKEEP_QUEUE } from './graph-changes.js';
import { createListing, settleGraph } from './matching.testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);

/** Enqueues the upkeep job unless one waits, and locks the waiting one until `release`. */
async function holdWaitingUpkeepJob() {
  for (;;) {
    await enqueueJob(t.db, UPKEEP_QUEUE, {}, { unlessWaiting: true });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: (n: number) => void;
    const lockedRows = new Promise<number>((resolve) => (locked = resolve));
    const held = t.db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`
        select id from jobs
         where queue = ${UPKEEP_QUEUE} and completed_at is null and failed_at is null
           and locked_by is null
         for update skip locked`);
      locked(rows.length);
      if (rows.length > 0) await released;
    });
    // A worker may claim the job between the enqueue and the lock: then try again.
    if ((await lockedRows) > 0) {
      return {
        release: async () => {
          release();
          await held;
        },
      };
    }
    await held;
  }
}

describe('the want graph upkeep', () => {
  it('folds changes that commit close together into one job and the runs after them', async () => {
    const member = await registerMember(t.app);
    const upkeepJobs = () =>
      count(sql`select count(*)::int as n from jobs where queue = ${UPKEEP_QUEUE}`);
    // A waiting upkeep job, held so no worker claims it while the changes commit: each change
    // must find it and fold into it (without the fold, each would queue its own).
    const hold = await holdWaitingUpkeepJob();
    const before = await upkeepJobs();
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        createListing(t.app, member.cookie, { title: `Folded lamp ${k}` }, { settle: false }),
      ),
    );
    expect((await upkeepJobs()) - before).toBe(0);
    await hold.release();

    // The runs after the commits (not the test's settle) bring the graph up to date.
    const inGraph = () =>
      count(sql`select count(*)::int as n from matching_listings
                 where item_id = any(${`{${ids.join(',')}}`}::int[])`);
    const deadline = Date.now() + 10_000;
    while ((await inGraph()) < ids.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await inGraph()).toBe(ids.length);
    await settleGraph(t.app);
    expect(await count(sql`select count(*)::int as n from want_graph_changes`)).toBe(0);
  });
});
