import { FEDERATION_QUEUES } from './features/federation/message-queue.js';
import { type LaneThreads, laneThreads } from './infra/lane-threads.js';

/**
 * Other instances' activities applied on threads of their own (FEDERATION_INBOX_THREADS), so a
 * stream of them does not take the main thread from members; main.ts and the tests' instances
 * start them alike. Under tsx (dev, the tests) the thread runs the TypeScript source, as this
 * file does.
 */
export function inboxThreads(options: {
  count: number;
  databaseUrl: string;
  sessionSecret: string;
  /** The configuration's variables, when not the process's own. */
  env?: Record<string, string>;
  log: { info: (msg: string) => void; error: (obj: object, msg: string) => void };
  /** Node's options for the threads, when the process's own lack tsx's loader (vitest). */
  execArgv?: string[];
}): LaneThreads {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return laneThreads({
    count: options.count,
    entry: new URL(`./lane-thread.${extension}`, import.meta.url),
    execArgv: options.execArgv,
    data: {
      queue: FEDERATION_QUEUES.inbox.name,
      databaseUrl: options.databaseUrl,
      sessionSecret: options.sessionSecret,
      env: options.env,
    },
    log: options.log,
  });
}
