import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.js';
import { transact } from '../db/transact.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import {
  backoffDelay,
  createJobQueue,
  enqueueJob,
  type JobHandlers,
  type JobWorker,
  purgeFinishedJobs,
  startJobWorker,
} from './job-queue.js';

const quiet = { warn: () => {}, error: () => {} };
let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb.drop());

const jobRow = async (queue: string) =>
  (
    await db.execute<{ attempts: number; completed_at: string | null; failed_at: string | null }>(
      sql`select attempts, completed_at, failed_at, last_error from jobs where queue = ${queue}`,
    )
  ).rows;

function worker(handlers: JobHandlers, options = {}, on: Database = db): JobWorker {
  return startJobWorker(on, quiet, handlers, { pollMs: 20, backoffMs: 10, ...options });
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('job queue', () => {
  it('enqueues with the transaction of the change: a rolled-back change leaves no job', async () => {
    await db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'rollback', { n: 1 });
        throw new Error('change refused');
      })
      .catch(() => {});
    await db.transaction((tx) => enqueueJob(tx, 'rollback', { n: 2 }));
    const seen: unknown[] = [];
    const w = worker({ rollback: async (payload) => void seen.push(payload) });
    expect(await w.runDue()).toBe(1);
    await w.stop();
    expect(seen).toEqual([{ n: 2 }]);
    expect((await jobRow('rollback'))[0]).toMatchObject({ attempts: 1 });
    expect((await jobRow('rollback'))[0]?.completed_at).toBeTruthy();
  });

  it('drops a job whose dedupe key was used, even after the first one ran', async () => {
    expect(await enqueueJob(db, 'digest', {}, { dedupeKey: 'digest:ada:2026-11-22' })).toBe(true);
    const w = worker({ digest: async () => {} });
    await w.runDue();
    expect(await enqueueJob(db, 'digest', {}, { dedupeKey: 'digest:ada:2026-11-22' })).toBe(false);
    expect(await w.runDue()).toBe(0);
    await w.stop();
  });

  it('adds an `unlessWaiting` job only when none of its queue is due and unclaimed', async () => {
    const once = { unlessWaiting: true };
    expect(await enqueueJob(db, 'drain', {}, once)).toBe(true);
    expect(await enqueueJob(db, 'drain', {}, once)).toBe(false);
    // Another queue's waiting job is not this one's; a later-due one would not run soon enough.
    expect(await enqueueJob(db, 'drain-other', {}, once)).toBe(true);
    let release: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const w = worker({ drain: () => running });
    let claimed = false;
    const ran = w.runDue().then((n) => n);
    await until(() => {
      void jobRow('drain').then((rows) => {
        claimed = rows.some((row) => row.attempts === 1);
      });
      return claimed;
    });
    // Claimed and running: it may have read before a change that commits now, so one more.
    expect(await enqueueJob(db, 'drain', {}, once)).toBe(true);
    expect(await enqueueJob(db, 'drain', {}, once)).toBe(false);
    release();
    await ran;
    await w.stop();
    expect(await jobRow('drain')).toHaveLength(2);
  });

  it('waits for run_at', async () => {
    await enqueueJob(db, 'later', {}, { runAt: new Date(Date.now() + 60_000) });
    const w = worker({ later: async () => {} });
    expect(await w.runDue()).toBe(0);
    await w.stop();
  });

  it('retries a failing job with back-off and fails it after its last attempt', async () => {
    await enqueueJob(db, 'flaky', { n: 1 }, { maxAttempts: 3 });
    await enqueueJob(db, 'broken', { n: 1 }, { maxAttempts: 3 });
    let flakyCalls = 0;
    let brokenCalls = 0;
    const w = worker({
      flaky: async () => {
        flakyCalls += 1;
        if (flakyCalls < 3) throw new Error('SMTP 451 try again');
      },
      broken: async () => {
        brokenCalls += 1;
        throw new Error('mailbox does not exist');
      },
    });
    const deadline = Date.now() + 5_000;
    while ((flakyCalls < 3 || brokenCalls < 3) && Date.now() < deadline) {
      await w.runDue();
      await new Promise((r) => setTimeout(r, 30));
    }
    await w.stop();
    expect(flakyCalls).toBe(3);
    expect(brokenCalls).toBe(3);
    const [flaky] = await jobRow('flaky');
    expect(flaky?.completed_at).toBeTruthy();
    const [broken] = await jobRow('broken');
    expect(broken).toMatchObject({ attempts: 3, completed_at: null });
    expect(broken?.failed_at).toBeTruthy();
  });

  it('grows the retry delay exponentially up to its cap', () => {
    expect(backoffDelay(1, 1000, 60_000)).toBeGreaterThanOrEqual(800);
    expect(backoffDelay(1, 1000, 60_000)).toBeLessThanOrEqual(1200);
    expect(backoffDelay(4, 1000, 60_000)).toBeGreaterThanOrEqual(6400);
    expect(backoffDelay(30, 1000, 60_000)).toBeLessThanOrEqual(72_000);
  });

  it('runs each job once across two app servers working the same queue', async () => {
    const total = 120;
    for (let n = 0; n < total; n++) await enqueueJob(db, 'shared', { n });
    const otherDb = createDatabase(testDb.url, quiet, { max: 3 });
    const runs = new Map<number, string[]>();
    const handler = (server: string) => async (payload: unknown) => {
      const { n } = payload as { n: number };
      runs.set(n, [...(runs.get(n) ?? []), server]);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = worker({ shared: handler('a') }, { concurrency: 3 });
    const b = worker({ shared: handler('b') }, { concurrency: 3 }, otherDb);
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.stop(), b.stop()]);
    await otherDb.$client.end();
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((servers) => servers.length === 1)).toBe(true);
    const servers = new Set([...runs.values()].flat());
    expect(servers).toEqual(new Set(['a', 'b']));
  });

  it('gives the job of a server that died to another once its lease lapses', async () => {
    await enqueueJob(db, 'orphaned', { n: 1 });
    const doomedDb = createDatabase(testDb.url, quiet, { max: 2 });
    let claimed: () => void = () => {};
    const wasClaimed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    // The doomed server claims the job and then loses its database mid-job, as a killed process
    // would: its lease is never renewed nor released.
    const doomed = worker(
      {
        orphaned: () => {
          claimed();
          return new Promise(() => {});
        },
      },
      { leaseMs: 300 },
      doomedDb,
    );
    doomed.wake('orphaned');
    await wasClaimed;
    await doomedDb.$client.end();
    const done: number[] = [];
    const survivor = worker({ orphaned: async () => void done.push(1) }, { leaseMs: 300 });
    const deadline = Date.now() + 5_000;
    while (done.length === 0 && Date.now() < deadline) {
      await survivor.runDue();
      await new Promise((r) => setTimeout(r, 50));
    }
    await survivor.stop();
    expect(done).toEqual([1]);
    expect((await jobRow('orphaned'))[0]).toMatchObject({ attempts: 2 });
  });

  it('gives every queue its own slots: an email queued behind 20 hanging pushes runs at once', async () => {
    const queue = createJobQueue(db, quiet, { pollMs: 100, backoffMs: 10 });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pushesStarted = 0;
    let pushesDone = 0;
    queue.handle(
      'fair-push',
      async () => {
        pushesStarted += 1;
        await released; // a push service that never answers
        pushesDone += 1;
      },
      { concurrency: 3 },
    );
    let emailedAt = 0;
    queue.handle('fair-email', async () => {
      emailedAt = Date.now();
    });
    for (let n = 0; n < 20; n++) await queue.enqueue(db, 'fair-push', { n });
    queue.start();
    try {
      await until(() => pushesStarted >= 3);
      const queuedAt = Date.now();
      await queue.enqueue(db, 'fair-email', { to: 'ada@example.com' });
      await until(() => emailedAt > 0, 5_000).catch(() => {});
      expect(emailedAt, 'the email never ran').toBeGreaterThan(0);
      expect(emailedAt - queuedAt).toBeLessThan(2_000);
      // The pushes' own slots, never more: the other 17 wait for them.
      expect(pushesStarted).toBe(3);
    } finally {
      release();
    }
    await until(() => pushesDone === 20);
    await queue.stop();
  }, 20_000);

  it('runs a job queued in a transaction once it commits, not at the next poll; batches keep their pace', async () => {
    const queue = createJobQueue(db, quiet, { pollMs: 60_000 });
    const ran: string[] = [];
    for (const name of ['commit-prompt', 'commit-batched', 'commit-plain'])
      queue.handle(name, async () => void ran.push(name));
    queue.start();
    await new Promise((r) => setTimeout(r, 200)); // the first poll, at start, has found nothing
    try {
      await transact(db, (tx) => queue.enqueue(tx, 'commit-prompt', {}));
      await until(() => ran.includes('commit-prompt'), 3_000);
      // Rolled back: nothing queued, nothing woken for it.
      await transact(db, async (tx) => {
        await queue.enqueue(tx, 'commit-prompt', { rolledBack: true });
        throw new Error('change refused');
      }).catch(() => {});
      // A batch drainer, and a transaction opened without transact: both wait for the poll.
      await transact(db, (tx) => queue.enqueue(tx, 'commit-batched', {}, { unlessWaiting: true }));
      await db.transaction((tx) => queue.enqueue(tx, 'commit-plain', {}));
      await new Promise((r) => setTimeout(r, 700));
      expect(ran).toEqual(['commit-prompt']);
      expect(await queue.runDue()).toBe(2);
      expect(ran.sort()).toEqual(['commit-batched', 'commit-plain', 'commit-prompt']);
    } finally {
      await queue.stop();
    }
  });

  it('wakes only the queue a job was added to: another queue’s waiting job keeps its pace', async () => {
    const queue = createJobQueue(db, quiet, { pollMs: 60_000 });
    const ran: string[] = [];
    for (const name of ['wake-target', 'wake-bystander'])
      queue.handle(name, async () => void ran.push(name));
    queue.start();
    await new Promise((r) => setTimeout(r, 200));
    try {
      await enqueueJob(db, 'wake-bystander', {}); // due, but added without a wake
      await transact(db, (tx) => queue.enqueue(tx, 'wake-target', {}));
      await until(() => ran.includes('wake-target'), 3_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(ran).toEqual(['wake-target']);
      expect(await queue.runDue()).toBe(1);
    } finally {
      await queue.stop();
    }
  });

  it('claims only the queues it runs now, and tells the thread that runs another of a job added to it', async () => {
    let laneElsewhere = true;
    const toldElsewhere: string[] = [];
    const queue = createJobQueue(db, quiet, {
      pollMs: 60_000,
      runs: (name) => name !== 'lane-inbox' || !laneElsewhere,
      wakeElsewhere: (name) => void toldElsewhere.push(name),
    });
    const ran: string[] = [];
    for (const name of ['lane-inbox', 'lane-other'])
      queue.handle(name, async () => void ran.push(name));
    queue.start();
    try {
      await queue.enqueue(db, 'lane-inbox', {});
      await queue.enqueue(db, 'lane-other', {});
      await until(() => ran.includes('lane-other'), 3_000);
      expect(toldElsewhere).toEqual(['lane-inbox']);
      expect(await queue.runDue()).toBe(0);
      expect(ran).toEqual(['lane-other']);
      // The lane's thread is gone: this worker runs the lane again, the waiting job first.
      laneElsewhere = false;
      expect(await queue.runDue()).toBe(1);
      expect(ran).toEqual(['lane-other', 'lane-inbox']);
    } finally {
      await queue.stop();
    }
  });

  it('fills a slot of a queue with more waiting as soon as it frees, not at the next poll', async () => {
    for (let n = 0; n < 6; n++) await enqueueJob(db, 'refill', { n });
    let done = 0;
    const w = worker(
      {
        refill: async () => {
          await new Promise((r) => setTimeout(r, 20));
          done += 1;
        },
      },
      { pollMs: 60_000, concurrency: 2 },
    );
    w.wake('refill');
    await until(() => done === 6, 3_000);
    await w.stop();
  });

  it("tells a handler its attempt and the job's last one", async () => {
    await enqueueJob(db, 'counted', {}, { maxAttempts: 4 });
    const seen: unknown[] = [];
    const w = worker({ counted: async (_payload, job) => void seen.push(job) });
    await w.runDue();
    await w.stop();
    expect(seen).toEqual([
      expect.objectContaining({ queue: 'counted', attempts: 1, maxAttempts: 4 }),
    ]);
  });

  it('purges finished jobs after a while', async () => {
    await db.execute(
      sql`update jobs set completed_at = now() - interval '8 days' where queue = 'rollback'`,
    );
    await purgeFinishedJobs(db);
    expect(await jobRow('rollback')).toEqual([]);
    expect((await jobRow('flaky')).length).toBe(1);
  });
});
