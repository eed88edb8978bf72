import { Worker } from 'node:worker_threads';
import type { JobLanes } from './job-queue.js';

/** What a lane thread is started with (server/lane-thread.ts reads it). */
export type LaneThreadData = {
  /** The one queue the thread runs. */
  queue: string;
  databaseUrl: string;
  sessionSecret: string;
  /** The configuration's variables, when not the process's own (a test's instance). */
  env?: Record<string, string>;
};

/** Messages between the main thread and a lane thread, both ways. */
export type LaneMessage = { type: 'ready' } | { type: 'wake'; queue: string } | { type: 'stop' };

type Log = {
  info: (msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type LaneThreads = {
  /** For the main thread's app: the lane is the threads' while one is up, the main's otherwise. */
  mainLanes: JobLanes;
  /** Starts the threads; a job they add to another queue wakes `wakeMain`. */
  start: (wakeMain: (queue: string) => void) => void;
  /** Threads up and running the lane now. */
  running: () => number;
  /** Asks every thread to finish the jobs in hand and close; waits for them (15 s at most). */
  stop: () => Promise<void>;
};

const FIRST_RESTART_MS = 1000;
const LAST_RESTART_MS = 30_000;
const STOP_MS = 15_000;
const YOUNG_GENERATION_MB = 64;

/**
 * One job queue (a lane) run by threads of its own, each a job-only app on its own database
 * pool: other instances' activities are parsed and applied there, so a stream of them uses more
 * than the main thread's core and never slows the pages members are waiting for. The threads
 * share nothing with the main thread but PostgreSQL, exactly as several app servers do (jobs
 * claimed with locks, events through LISTEN/NOTIFY); what passes between them here is only a
 * nudge that a job was added, so it runs now rather than at the next poll. A thread that dies
 * is started again with back-off, and while none is up the main thread runs the lane itself.
 */
export function laneThreads(options: {
  count: number;
  entry: URL;
  data: LaneThreadData;
  log: Log;
  /** Node's options for the threads (a TypeScript entry needs tsx's loader). */
  execArgv?: string[];
}): LaneThreads {
  const { count, entry, data, log, execArgv } = options;
  const ready = new Set<Worker>();
  const all = new Set<Worker>();
  let next = 0;
  let stopping = false;

  function spawn(slot: number, wakeMain: (queue: string) => void, restartMs: number): void {
    const worker = new Worker(entry, {
      workerData: data,
      name: `${data.queue} ${slot}`,
      // A thread's young generation is small by default: applying activities (JSON-LD above all)
      // makes short-lived objects fast, and with the default the inbox thread spent ~50 % more
      // CPU per activity than the main thread did (bench/notes/federation-inbound.md).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      ...(execArgv ? { execArgv } : {}),
    });
    all.add(worker);
    worker.on('message', (message: LaneMessage) => {
      if (message.type === 'ready') {
        ready.add(worker);
        log.info(`${data.queue} thread ${slot} is running that queue's jobs`);
      } else if (message.type === 'wake') wakeMain(message.queue);
    });
    worker.on('error', (error) => log.error({ err: error }, `${data.queue} thread ${slot} failed`));
    worker.on('exit', (code) => {
      const wasReady = ready.delete(worker);
      all.delete(worker);
      if (stopping) return;
      log.error({ code }, `${data.queue} thread ${slot} stopped; starting it again`);
      // A thread that was serving starts again after a second; one that never got there backs off.
      const delay = wasReady ? FIRST_RESTART_MS : restartMs;
      setTimeout(() => {
        if (!stopping) spawn(slot, wakeMain, Math.min(delay * 2, LAST_RESTART_MS));
      }, delay).unref();
    });
  }

  return {
    mainLanes: {
      runs: (queue) => queue !== data.queue || ready.size === 0,
      wakeElsewhere: (queue) => {
        const threads = [...ready];
        if (threads.length === 0) return;
        const thread = threads[next++ % threads.length];
        thread?.postMessage({ type: 'wake', queue } satisfies LaneMessage);
      },
    },
    running: () => ready.size,
    start(wakeMain) {
      for (let slot = 1; slot <= count; slot++) spawn(slot, wakeMain, FIRST_RESTART_MS);
    },
    async stop() {
      stopping = true;
      await Promise.all(
        [...all].map(async (worker) => {
          const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
          // A thread still starting has no job in hand, and would only hear the request once
          // its app is built (seconds under tsx): ended at once, it holds up no shutdown.
          if (!ready.has(worker)) void worker.terminate();
          else worker.postMessage({ type: 'stop' } satisfies LaneMessage);
          const late = setTimeout(() => void worker.terminate(), STOP_MS);
          await exited;
          clearTimeout(late);
        }),
      );
    },
  };
}
