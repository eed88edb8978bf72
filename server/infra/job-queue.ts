import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/client.js';
import { queryPrepared } from '../db/prepared.js';
import { whenCommitted } from '../db/transact.js';

export type JobContext = {
  id: number;
  queue: string;
  /** This attempt's number, from 1. */
  attempts: number;
  /** The last attempt's number: a failure of that one fails the job for good. */
  maxAttempts: number;
};
/** Runs one job; throwing schedules a retry with back-off (or fails it after its last attempt). */
export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export type EnqueueOptions = {
  /** Not before this moment. */
  runAt?: Date;
  /** A second job with the same key is dropped, even after the first one ran. */
  dedupeKey?: string;
  maxAttempts?: number;
  /**
   * Not added when a job of this queue is already due and not yet claimed: that one will do the
   * work (a job that drains whatever is waiting when it runs, queued by every change).
   */
  unlessWaiting?: boolean;
};

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** How a queue's jobs run, given when its handler is registered. */
export type JobQueueOptions = {
  /**
   * Jobs of this queue one server runs at once (DEFAULT_QUEUE_CONCURRENCY unless given). Every
   * queue has slots of its own: a backlog or slow jobs in one never hold up another.
   */
  concurrency?: number;
};

/** The slots of a queue that names none (password resets, digests, rounds …). */
export const DEFAULT_QUEUE_CONCURRENCY = 2;

export type JobWorkerOptions = {
  /** Jobs of one queue this server runs at once, for queues not in `concurrencyOf`. */
  concurrency?: number;
  /** Jobs of that queue this server runs at once. */
  concurrencyOf?: Readonly<Record<string, number>>;
  pollMs?: number;
  /** How long a claimed job is this server's; renewed while it runs, taken over once it lapses. */
  leaseMs?: number;
  /** First retry delay; doubles with every failed attempt, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Whether this worker claims `queue`'s jobs now (all queues unless given). Asked at every claim:
   * a lane handed to another thread comes back while that thread is down.
   */
  runs?: (queue: string) => boolean;
};

export type JobWorker = {
  /** Claims and runs due jobs until none is left; for tests and for a prompt first pass. */
  runDue: () => Promise<number>;
  /**
   * Looks for due jobs of `queue` now instead of at the next poll (after enqueueing on this
   * server). Only that queue: a batching queue's waiting job (the graph upkeep) is not taken early
   * because another queue's job was added beside it.
   */
  wake: (queue: string) => void;
  /** Stops claiming and waits for the jobs in hand to finish. */
  stop: () => Promise<void>;
  /** The jobs running now (what a slow shutdown waits for). */
  inFlight: () => Array<{ id: number; queue: string }>;
};

/**
 * Adds a job in `db`, which may be the transaction of the change that causes it: the job exists
 * if and only if that change commits. Returns false when its dedupe key was taken.
 */
export async function enqueueJob(
  db: Executor,
  queue: string,
  payload: object,
  options: EnqueueOptions = {},
): Promise<boolean> {
  const waiting = options.unlessWaiting
    ? sql`where not exists (
        select 1 from jobs where queue = ${queue} and completed_at is null and failed_at is null
           and run_at <= now() and locked_by is null)`
    : sql``;
  // Prepared: every change enqueues, and planning this cost PostgreSQL more than running it.
  const rows = await queryPrepared<{ id: number }>(
    db,
    sql`
    insert into jobs (queue, payload, dedupe_key, run_at, max_attempts)
    select ${queue}::text, ${JSON.stringify(payload)}::jsonb, ${options.dedupeKey ?? null}::text,
           ${options.runAt?.toISOString() ?? sql`now()`}::timestamptz, ${options.maxAttempts ?? 10}::int
    ${waiting}
    on conflict (dedupe_key) do nothing
    returning id`,
  );
  return rows.length > 0;
}

type ClaimedJob = {
  id: number;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

/** Retry delay after `attempts` failures: exponential, capped, with ±20 % jitter. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/**
 * A worker on this app server. Every server runs one; FOR UPDATE SKIP LOCKED hands each due job
 * to exactly one of them, and a lease (renewed while the job runs) gives a job whose server died
 * to another once it lapses. Each queue has its own slots (`concurrencyOf`, else `concurrency`)
 * and is claimed for its free slots only, so pushes to slow devices, a digest run or a backlog
 * of any kind never keep a password-reset email waiting; a slot freed in a queue with more due
 * is filled at once. Delivery is at least once: a server killed between doing a job's work and
 * recording it done leaves the job to be run again, so handlers make repeats harmless where
 * they can (emails carry a Message-ID derived from the job). A finished job's payload is
 * cleared: it may hold personal data (an email and its links) that has no reason to stay.
 */
export function startJobWorker(
  db: Database,
  log: Log,
  handlers: JobHandlers,
  options: JobWorkerOptions = {},
): JobWorker {
  const defaultConcurrency = options.concurrency ?? DEFAULT_QUEUE_CONCURRENCY;
  const slotsOf = (queue: string) =>
    Math.max(1, Math.floor(options.concurrencyOf?.[queue] ?? defaultConcurrency));
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60 * 60 * 1000;
  const workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handled = Object.keys(handlers);
  const runs = options.runs ?? (() => true);
  /** Jobs running, by id: their queue and their work. */
  const inFlight = new Map<number, { queue: string; work: Promise<void> }>();
  /** Jobs running per queue. */
  const running = new Map<string, number>();
  /** Queues whose last claim filled every free slot: more may be waiting. */
  const backlogged = new Set<string>();
  let stopped = false;
  let polling: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  /**
   * Claims due jobs for the free slots of each queue, in one statement: one pick per queue with
   * free slots, each taking at most that many of its own queue's due jobs (its own LIMIT, so the
   * planner knows how few rows come back).
   */
  async function claim(only?: ReadonlySet<string>): Promise<ClaimedJob[]> {
    const free = handled
      .filter((queue) => (!only || only.has(queue)) && runs(queue))
      .map((queue) => [queue, slotsOf(queue) - (running.get(queue) ?? 0)] as const)
      .filter(([, slots]) => slots > 0);
    if (free.length === 0) return [];
    const picks = free.map(
      ([queue, slots], n) => sql`${sql.identifier(`pick${n}`)} as (
        select id from jobs
        where queue = ${queue}
          and completed_at is null and failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now())
        order by run_at, id
        limit ${slots}
        for update skip locked)`,
    );
    const picked = sql.join(
      free.map((_, n) => sql`select id from ${sql.identifier(`pick${n}`)}`),
      sql` union all `,
    );
    // Prepared (per set of queues with free slots): run for every job, it would otherwise be
    // planned every time, and planning it costs more than running it.
    const rows = await queryPrepared<ClaimedJob>(
      db,
      sql`
      with ${sql.join(picks, sql`, `)}
      update jobs set attempts = attempts + 1, locked_by = ${workerId},
        locked_until = now() + ${leaseMs} * interval '1 millisecond'
      where id in (${picked})
      returning id, queue, payload, attempts, max_attempts`,
    );
    const claimed = rows.map((row) => ({ ...row, id: Number(row.id) }));
    for (const [queue, slots] of free) {
      const taken = claimed.filter((job) => job.queue === queue).length;
      if (taken >= slots) backlogged.add(queue);
      else backlogged.delete(queue);
    }
    return claimed;
  }

  async function settle(job: ClaimedJob, error: unknown): Promise<void> {
    if (error === undefined) {
      const done = await queryPrepared(
        db,
        sql`
        update jobs set completed_at = now(), locked_by = null, locked_until = null,
          last_error = null, payload = '{}'::jsonb
        where id = ${job.id} and locked_by = ${workerId}
        returning id`,
      );
      if (done.length === 0) log.warn({ jobId: job.id }, 'A job finished after its lease lapsed');
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const delay = backoffDelay(job.attempts, backoffMs, maxBackoffMs);
    await db.execute(sql`
      update jobs set locked_by = null, locked_until = null, last_error = ${message.slice(0, 1000)},
        run_at = now() + ${delay} * interval '1 millisecond',
        failed_at = case when attempts >= max_attempts then now() end
      where id = ${job.id} and locked_by = ${workerId}`);
    log.warn({ jobId: job.id, queue: job.queue, attempts: job.attempts, err: error }, 'Job failed');
  }

  function run(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.queue];
    running.set(job.queue, (running.get(job.queue) ?? 0) + 1);
    const work = (async () => {
      let failure: unknown;
      try {
        if (!handler) throw new Error(`No handler for queue ${job.queue}`);
        await handler(job.payload, {
          id: job.id,
          queue: job.queue,
          attempts: job.attempts,
          maxAttempts: job.max_attempts,
        });
      } catch (error) {
        failure = error ?? new Error('Job failed');
      }
      try {
        await settle(job, failure);
      } catch (error) {
        // The lease lapses and another attempt follows: the job is not lost.
        log.error({ err: error, jobId: job.id }, 'Could not record a job outcome');
      }
    })().finally(() => {
      inFlight.delete(job.id);
      running.set(job.queue, (running.get(job.queue) ?? 1) - 1);
      // A slot came free in a queue with more waiting: fill it now, not at the next poll.
      if (backlogged.has(job.queue)) void poll(new Set([job.queue]));
    });
    inFlight.set(job.id, { queue: job.queue, work });
    return work;
  }

  const renewal = setInterval(
    () => {
      const ids = [...inFlight.keys()];
      if (ids.length === 0) return;
      db.execute(sql`
        update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond'
        where locked_by = ${workerId} and id in ${ids}`).catch((error) =>
        log.warn({ err: error }, 'Could not renew job leases'),
      );
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  renewal.unref();

  /** Fills the free slots of every queue (or of `only`) once; returns how many jobs it started. */
  async function pollOnce(only?: ReadonlySet<string>): Promise<number> {
    if (stopped) return 0;
    const jobs = await claim(only);
    for (const job of jobs) void run(job);
    return jobs.length;
  }

  /**
   * One claim at a time; a poll asked for while one runs runs again after it (for every queue
   * asked for meanwhile, or all of them if any ask was for all).
   */
  let pollAgain: Set<string> | 'all' | null = null;
  function poll(only?: ReadonlySet<string>): Promise<number> {
    if (polling) {
      if (!only || pollAgain === 'all') pollAgain = 'all';
      else pollAgain = new Set([...(pollAgain ?? []), ...only]);
      return polling;
    }
    polling = pollOnce(only)
      .catch((error) => {
        log.warn({ err: error }, 'Could not claim jobs');
        return 0;
      })
      .finally(() => {
        polling = null;
        const again = pollAgain;
        pollAgain = null;
        if (again && !stopped) void poll(again === 'all' ? undefined : again);
      });
    return polling;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(async () => {
      await poll();
      schedule();
    }, pollMs);
    timer.unref();
  }
  schedule();

  return {
    async runDue() {
      let total = 0;
      for (;;) {
        // A claim already running may be a wake's, for one queue only: joining it would miss due
        // jobs of the others (claimed by the poll it runs next, after this returned).
        while (polling) await polling;
        const started = await poll();
        total += started;
        if (started === 0 && inFlight.size === 0) return total;
        await Promise.race([...inFlight.values()].map(({ work }) => work));
      }
    },
    wake(queue) {
      void poll(new Set([queue]));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      clearInterval(renewal);
      await polling;
      await Promise.allSettled([...inFlight.values()].map(({ work }) => work));
    },
    inFlight: () => [...inFlight].map(([id, { queue }]) => ({ id, queue })),
  };
}

/** Completed jobs are kept a while (dedupe keys, and for operators), then dropped. */
export async function purgeFinishedJobs(db: Database, keepDays = 7): Promise<void> {
  await db.execute(sql`
    delete from jobs
    where completed_at < now() - ${keepDays} * interval '1 day'
       or failed_at < now() - ${keepDays * 4} * interval '1 day'`);
}

/**
 * The app's queue: features register handlers as their routes are registered, the app starts
 * one worker when it is ready and stops it when it closes.
 */
export type JobQueue = {
  /** Registers the handler of `queue`, with its own slots (`options.concurrency`). */
  handle: (queue: string, handler: JobHandler, options?: JobQueueOptions) => void;
  enqueue: (
    db: Executor,
    queue: string,
    payload: object,
    options?: EnqueueOptions,
  ) => Promise<boolean>;
  start: () => void;
  /** Looks for due jobs of `queue` now (a job added by another thread of this server). */
  wake: (queue: string) => void;
  /** Runs every due job now (tests; a prompt first pass). */
  runDue: () => Promise<number>;
  stop: () => Promise<void>;
  /** The jobs this server is running now. */
  inFlight: () => Array<{ id: number; queue: string }>;
};

/** Which queues a server's threads each run (server/infra/lane-threads.ts). */
export type JobLanes = Pick<JobWorkerOptions, 'runs'> & {
  /** A job was added to a queue this worker does not run now: the thread that does is told. */
  wakeElsewhere?: (queue: string) => void;
};

export function createJobQueue(
  db: Database,
  log: Log,
  options: JobWorkerOptions & JobLanes = {},
): JobQueue {
  const handlers: Record<string, JobHandler> = {};
  const concurrencyOf: Record<string, number> = { ...options.concurrencyOf };
  let worker: JobWorker | null = null;
  const wake = (queue: string) => {
    if (!options.runs || options.runs(queue)) worker?.wake(queue);
    else options.wakeElsewhere?.(queue);
  };
  return {
    handle(queue, handler, queueOptions) {
      if (worker) throw new Error(`Job handler for ${queue} registered after the worker started`);
      handlers[queue] = handler;
      if (queueOptions?.concurrency !== undefined) concurrencyOf[queue] = queueOptions.concurrency;
    },
    async enqueue(executor, queue, payload, enqueueOptions) {
      const added = await enqueueJob(executor, queue, payload, enqueueOptions);
      if (!added || !worker) return added;
      // Outside a transaction the job is visible now; inside one, once it commits (an offer's
      // delivery to another instance leaves at once, not at the next poll up to a second later).
      // A job that drains a batch (`unlessWaiting`) or waits for a time keeps its own pace, and
      // one in a transaction not opened by `transact` waits for the next poll.
      if (executor === db) wake(queue);
      else if (!enqueueOptions?.unlessWaiting && !enqueueOptions?.runAt)
        whenCommitted(executor as Transaction, () => wake(queue));
      return added;
    },
    start() {
      worker ??= startJobWorker(db, log, handlers, { ...options, concurrencyOf });
    },
    wake(queue) {
      worker?.wake(queue);
    },
    async runDue() {
      if (!worker) throw new Error('The job worker has not started');
      return worker.runDue();
    },
    async stop() {
      await worker?.stop();
    },
    inFlight: () => worker?.inFlight() ?? [],
  };
}
