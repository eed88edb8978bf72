/**
 * Runs a round's solve in a worker thread (node:worker_threads), one thread per solve: the solver
 * is pure and CPU-bound (want lists in, loops out), and on the event loop a hard round held every
 * request of its app server, /healthz included, for as long as it ran (issue 36 §1). The solver
 * keeps its own wall-clock budget, every phase included (rounds.solve.ts, solver/solve.ts); a
 * thread still running KILL_GRACE past it is terminated, so no solve outlives its budget by more.
 *
 * The thread's file sits beside this one: solve-thread.ts under tsx and vitest, which the thread
 * loads through tsx's loader too; solve-thread.js in the built server (dist/server, tsc), plain
 * JavaScript that needs no loader.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RoundSolution, SolveOptions } from './rounds.solve.js';

/** What the thread gets (workerData). */
export type SolveRequest = {
  text: string;
  /** userId → username, as `usernames` made them. */
  names: Array<[string, string]>;
  options: SolveOptions & { timeLimitMs: number };
};

/** What a solve gives back: the solver's own result (`raw`) stays in the thread. */
export type ThreadSolution = Omit<RoundSolution, 'raw'>;

/** What the thread posts once, before it ends. */
export type SolveReply = { ok: true; solution: ThreadSolution } | { ok: false; message: string };

/** KILL_GRACE: past its budget, a thread has this much longer (start, file, report). */
export const killGraceMs = (budgetMs: number) => Math.max(2_000, Math.round(budgetMs / 4));

/** The solver's JavaScript heap (its loops are typed arrays outside it): a bound, not a target. */
const MAX_HEAP_MB = 1_024;

/** Thrown when the thread had to be terminated: the solve overran its budget and grace. */
export class SolveOverrunError extends Error {
  override name = 'SolveOverrunError';
}

function threadFile(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { url: new URL('./solve-thread.js', here), execArgv: [] };
  // Source: the thread is TypeScript, loaded through tsx as the rest of the app is (a second
  // registration of the same loader, when the app itself runs under tsx, is harmless).
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return {
    url: new URL('./solve-thread.ts', here),
    execArgv: [...process.execArgv, '--import', tsx],
  };
}

/**
 * Solves the want-list file in a new worker thread; rejects if it fails, or if it is still
 * running `killAfterMs` after it started (default: its budget and KILL_GRACE), then ended.
 */
export function solveInWorker(
  request: SolveRequest,
  limits: { killAfterMs?: number } = {},
): Promise<ThreadSolution> {
  const { url, execArgv } = threadFile();
  const worker = new Worker(url, {
    workerData: request,
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  });
  const killAfterMs =
    limits.killAfterMs ?? request.options.timeLimitMs + killGraceMs(request.options.timeLimitMs);
  let timer: NodeJS.Timeout | undefined;
  const outcome = new Promise<ThreadSolution>((resolve, reject) => {
    timer = setTimeout(() => {
      reject(
        new SolveOverrunError(
          `The solver ran past its ${request.options.timeLimitMs} ms budget and was stopped after ${killAfterMs} ms`,
        ),
      );
    }, killAfterMs);
    worker.once('message', (reply: SolveReply) => {
      if (reply.ok) resolve(reply.solution);
      else reject(new Error(`The solver failed: ${reply.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The solver's thread ended (code ${code})`)));
  });
  return outcome.finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}
