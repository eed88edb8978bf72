import { parentPort, workerData } from 'node:worker_threads';
import type { LaneMessage, LaneThreadData } from '../infra/lane-threads.js';

/**
 * A stand-in lane thread for lane-threads.test.ts: says it is ready, answers a wake for its queue
 * with a wake for `<queue>-echo` (as a job it added to another queue would), exits on `stop`, and
 * with CRASH_AFTER_MS in its env exits with code 3 that long after it said it was ready. With
 * READY_AFTER_MS it starts that slowly, hearing nothing before, as a real one building its app.
 */
const data = workerData as LaneThreadData;
const port = parentPort;
if (!port) throw new Error('a worker thread only');
const readyAfter = Number(data.env?.READY_AFTER_MS ?? 0);
if (readyAfter > 0) await new Promise((r) => setTimeout(r, readyAfter));
port.on('message', (message: LaneMessage) => {
  if (message.type === 'wake')
    port.postMessage({ type: 'wake', queue: `${message.queue}-echo` } satisfies LaneMessage);
  else if (message.type === 'stop') process.exit(0);
});
port.postMessage({ type: 'ready' } satisfies LaneMessage);
const crashAfter = Number(data.env?.CRASH_AFTER_MS ?? 0);
if (crashAfter > 0) setTimeout(() => process.exit(3), crashAfter);
