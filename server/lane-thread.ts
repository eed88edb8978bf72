import { parentPort, threadId, workerData } from 'node:worker_threads';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { closeDatabase, createDatabase } from './db/client.js';
import type { LaneMessage, LaneThreadData } from './infra/lane-threads.js';
import { createLogger } from './logger.js';

/**
 * A lane thread (lane-threads.ts): the app without pages or a port, whose job worker runs one
 * queue. Routes are registered but never listened on; features' listeners, jobs and kept state
 * work as on another app server sharing the database.
 */
async function runLane(port: NonNullable<typeof parentPort>): Promise<void> {
  const data = workerData as LaneThreadData;
  const config = loadConfig(data.env);
  config.sessionSecret = data.sessionSecret;
  const log = createLogger(config.logLevel).child({ thread: threadId, lane: data.queue });
  const db = createDatabase(data.databaseUrl, log);
  const app = await buildApp({
    config,
    db,
    logger: log,
    clientApp: false,
    jobLanes: {
      runs: (queue) => queue === data.queue,
      wakeElsewhere: (queue) => port.postMessage({ type: 'wake', queue } satisfies LaneMessage),
    },
  });
  await app.ready();

  port.on('message', (message: LaneMessage) => {
    if (message.type === 'wake') app.jobs.wake(message.queue);
    else if (message.type === 'stop')
      // In a worker thread process.exit ends this thread only, whatever timers are left.
      void app
        .close()
        .then(() => closeDatabase(db))
        .finally(() => process.exit(0));
  });
  port.postMessage({ type: 'ready' } satisfies LaneMessage);
}

if (!parentPort) throw new Error('lane-thread.ts runs as a worker thread (lane-threads.ts)');
await runLane(parentPort);
