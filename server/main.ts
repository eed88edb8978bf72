import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { closeDatabase, createDatabase } from './db/client.js';
import { connectDatabase } from './db/connect.js';
import { promoteConfiguredAdmins } from './features/auth/auth.service.js';
import { backfillNicknameKeys } from './features/users/nickname-key.js';
import { inboxThreads } from './inbox-threads.js';
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
  const inbox =
    config.federation.enabled && config.federation.inboxThreads > 0
      ? inboxThreads({
          count: config.federation.inboxThreads,
          databaseUrl,
          sessionSecret,
          log,
        })
      : undefined;
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
