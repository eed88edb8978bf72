import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { purgeOldVisits } from './features/analytics/analytics.service.js';
import { backfillPhotoHashes } from './features/images/photo-hash-backfill.js';
import { backfillPublicLocations } from './features/items/public-location.js';
import { scheduleDigests } from './features/notifications/delivery.js';
import { purgeFinishedJobs } from './infra/job-queue.js';
import { purgeExpiredRateLimits } from './infra/rate-limiter.js';
import { purgeExpiredSessions } from './infra/session-store.js';

const EVERY_HOUR = 60 * 60 * 1000;

/**
 * Periodic clean-up of expired rows and old page views, and the daily digests' scheduling; safe to
 * run on every app server at once.
 */
export function startMaintenance(db: Database, config: Config, log: Logger): () => void {
  const run = async () => {
    try {
      await purgeExpiredSessions(db, config.session);
      await purgeExpiredRateLimits(db);
      await purgeOldVisits(db, config.visitRetentionDays);
      await purgeFinishedJobs(db);
      // Every server runs this; the digest jobs' dedupe keys make it one digest per member a day.
      await scheduleDigests(db, config.digestHourUtc);
      if (config.sessionSecret) await backfillPublicLocations(db, config.sessionSecret);
      await backfillPhotoHashes(db);
    } catch (error) {
      log.warn({ err: error }, 'Maintenance run failed');
    }
  };
  void run();
  const timer = setInterval(run, EVERY_HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
