import { mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { closeDatabase, createDatabase } from './db/client.js';
import { connectDatabase } from './db/connect.js';
import { promoteConfiguredAdmins } from './features/auth/auth.service.js';
import { FEDERATION_QUEUES } from './features/federation/message-queue.js';
import { backfillNicknameKeys } from './features/users/nickname-key.js';
import { type LaneThreads, laneThreads } from './infra/lane-threads.js';
import { createLogger } from './logger.js';
import { startMaintenance } from './maintenance.js';
import { resolveSessionSecret } from './secrets.js';

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Other instances' activities applied on threads of their own (FEDERATION_INBOX_THREADS), so a
 * stream of them does not take the main thread from members. Under tsx (dev, the process tests)
 * the thread runs the TypeScript source, as this file does.
 */
function inboxThreads(
  config: Config,
  lane: { databaseUrl: string; sessionSecret: string },
  log: Logger,
): LaneThreads | undefined {
  if (!config.federation.enabled || config.federation.inboxThreads === 0) return undefined;
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return laneThreads({
    count: config.federation.inboxThreads,
    entry: new URL(`./lane-thread.${extension}`, import.meta.url),
    data: { queue: FEDERATION_QUEUES.inbox.name, ...lane },
    log: { info: (m) => log.info(m), error: (obj, m) => log.error(obj, m) },
  });
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config.logLevel);
  await mkdir(config.dataDir, { recursive: true });
  const sessionSecret = await resolveSessionSecret(config.sessionSecret, config.dataDir);
  config.sessionSecret = sessionSecret;

  const { url: databaseUrl, embedded } = await connectDatabase(config, {
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
  });
  // The embedded server is ours to keep alive: started again (with back-off) if it dies.
  const supervisor = embedded?.supervise();
  const db = createDatabase(databaseUrl, log);
  await promoteConfiguredAdmins({ db, config });
  await backfillNicknameKeys(db, { warn: (m) => log.warn(m) });
  const inbox = inboxThreads(config, { databaseUrl, sessionSecret }, log);
  const app = await buildApp({
    config,
    db,
    logger: log,
    databaseRestarting: () => supervisor?.state() === 'restarting',
    jobLanes: inbox?.mainLanes,
  });
  const stopMaintenance = startMaintenance(db, config, log);
  inbox?.start((queue) => app.jobs.wake(queue));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: finishing in-flight requests, then stopping`);
    stopMaintenance();
    try {
      await inbox?.stop();
      await app.close();
      const left = await closeDatabase(db);
      if (left) log.warn(left, 'Database connections still in use at shutdown; stopping anyway');
      supervisor?.stop();
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error({ err: error }, `Cannot listen on ${config.host}:${config.port}`);
    supervisor?.stop();
    await db.$client.end();
    await embedded?.stop();
    process.exit(1);
  }
  log.info(`${config.siteName} is ready at ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
