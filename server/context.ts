import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DomainHooks } from './infra/domain-hooks.js';
import type { EventBus } from './infra/event-bus.js';
import type { Geocoder } from './infra/geocoding/geocoder.js';
import type { JobQueue } from './infra/job-queue.js';
import type { KeptAnswers } from './infra/kept-answers.js';
import type { KeptNotices } from './infra/kept-notices.js';
import type { Mailer } from './infra/mailer.js';
import type { Metrics } from './infra/metrics.js';
import type { RateLimiter } from './infra/rate-limiter.js';
import type { SessionCache } from './infra/session-cache.js';

/** What services need besides their arguments; built once in buildApp. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  geocode: Geocoder;
  /** Live updates for members' open streams (GET /api/events). */
  events: EventBus;
  /** The triggers' notices that keep what this server keeps true (infra/kept-notices.ts). */
  kept: KeptNotices;
  /** Signed-in requests' sessions, known for a moment (server/infra/session-cache.ts). */
  sessionCache: SessionCache;
  /** Members' pages of offers as JSON text, known for a moment (features/swaps/offers-cache.ts). */
  offersCache: KeptAnswers<string>;
  /** Background work in PostgreSQL, run once by whichever app server claims it. */
  jobs: JobQueue;
  /** This server's Prometheus metrics (no-ops unless METRICS_TOKEN is set). */
  metrics: Metrics;
  /** Listeners that derive data from a change, in the change's own transaction. */
  hooks: DomainHooks;
};
