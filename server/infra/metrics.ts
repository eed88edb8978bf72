import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { EventBus } from './event-bus.js';
import type { KeptAnswers } from './kept-answers.js';
import type { SessionCache } from './session-cache.js';

/**
 * Prometheus metrics of this app server (GET /metrics, off unless METRICS_TOKEN is set). Each app
 * server exposes its own process figures (requests, latency, event-loop lag, pool, streams,
 * emails and pushes it sent); the job queue's depth and failures are read from PostgreSQL at
 * scrape time, so every server reports the same queue figures: aggregate those with max(), not
 * sum().
 */
export type Metrics = {
  readonly enabled: boolean;
  /** The text exposition, and its content type. */
  scrape: () => Promise<{ contentType: string; body: string }>;
  observeRequest: (method: string, route: string, statusCode: number, seconds: number) => void;
  emailSent: (transport: 'smtp' | 'outbox') => void;
  /** For Web Push deliveries (the notifications feature calls it once pushes exist). */
  pushSent: (outcome: 'delivered' | 'failed' | 'expired') => void;
};

const DISABLED: Metrics = {
  enabled: false,
  scrape: async () => ({ contentType: 'text/plain', body: '' }),
  observeRequest: () => {},
  emailSent: () => {},
  pushSent: () => {},
};

type JobRow = { queue: string; state: string; n: string };

export function createMetrics(options: {
  enabled: boolean;
  db: Database;
  events: Pick<EventBus, 'streamCount'>;
  sessionCache: Pick<SessionCache, 'stats'>;
  offersCache: Pick<KeptAnswers<unknown>, 'stats'>;
  /** The kept search rankings' figures (features/items/kept-rankings.ts). */
  searchRankings: () => { matches: number; wholeReads: number; changeReads: number };
}): Metrics {
  if (!options.enabled) return DISABLED;
  const { db, events, sessionCache, offersCache, searchRankings } = options;
  const registry = new Registry();
  // Process CPU and memory, GC, handles, and event-loop lag (nodejs_eventloop_lag_* seconds).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'swapmarket_db_pool_connections',
    help: "This server's PostgreSQL connections: total open, idle, and requests waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = db.$client;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'swapmarket_sse_connections',
    help: 'Live-update streams (GET /api/events) open on this server',
    registers: [registry],
    collect() {
      this.set(events.streamCount());
    },
  });
  registerKeptMetrics(registry, 'session', sessionCache, {
    lookups:
      "Signed-in requests' session lookups on this server: answered from memory, or by PostgreSQL (SESSION_CACHE_MS)",
    entries: 'Sessions this server knows in memory now',
  });
  registerKeptMetrics(registry, 'offers_page', offersCache, {
    lookups:
      "Pages of a member's offers asked of this server: answered from memory, or by PostgreSQL (OFFERS_CACHE_MS)",
    entries: "Pages of members' offers this server keeps in memory now",
  });
  new Counter({
    name: 'swapmarket_search_ranking_reads_total',
    help: "Searches' rankings read by this server: every match ranked (whole), or only the listings changed since the last read (changes)",
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const { wholeReads, changeReads } = searchRankings();
      this.reset();
      this.inc({ kind: 'whole' }, wholeReads);
      this.inc({ kind: 'changes' }, changeReads);
    },
  });
  new Gauge({
    name: 'swapmarket_search_ranking_matches',
    help: "Matches of searches' rankings this server keeps in memory now (SEARCH_RANKINGS_MATCHES)",
    registers: [registry],
    collect() {
      this.set(searchRankings().matches);
    },
  });
  new Gauge({
    name: 'swapmarket_session_cache_hearing',
    help: 'Whether this server hears of account and session changes (1), so it may keep sessions, or not (0)',
    registers: [registry],
    collect() {
      this.set(sessionCache.stats().hearing ? 1 : 0);
    },
  });
  const databaseUp = new Gauge({
    name: 'swapmarket_database_up',
    help: 'Whether the last scrape could read from PostgreSQL (1) or not (0)',
    registers: [registry],
  });
  new Gauge({
    name: 'swapmarket_jobs',
    help: 'Background jobs by queue and state (due, scheduled, running, retrying, failed), from PostgreSQL',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        // Unfinished jobs only (due ones are indexed); failed jobs are kept for operators.
        const { rows } = await db.$client.query<JobRow>(`
          select queue, state, count(*)::text as n from (
            select queue, case
              when failed_at is not null then 'failed'
              when locked_until > now() then 'running'
              when run_at > now() then case when attempts > 0 then 'retrying' else 'scheduled' end
              else 'due' end as state
            from jobs where completed_at is null
          ) j group by queue, state`);
        for (const row of rows) this.set({ queue: row.queue, state: row.state }, Number(row.n));
        databaseUp.set(1);
      } catch {
        databaseUp.set(0);
      }
    },
  });
  const emails = new Counter({
    name: 'swapmarket_emails_sent_total',
    help: 'Emails this server handed to SMTP, or wrote to the outbox without SMTP_URL',
    labelNames: ['transport'],
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'swapmarket_push_sent_total',
    help: 'Web Push notifications this server sent, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  emails.inc({ transport: 'smtp' }, 0);
  emails.inc({ transport: 'outbox' }, 0);
  for (const outcome of ['delivered', 'failed', 'expired'] as const) pushes.inc({ outcome }, 0);

  return {
    enabled: true,
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    emailSent: (transport) => emails.inc({ transport }),
    pushSent: (outcome) => pushes.inc({ outcome }),
  };
}

/**
 * What a cache of kept answers (kept-answers.ts) did: swapmarket_<name>_lookups_total{source}
 * and, for the keys it keeps now, swapmarket_<name>_cache_entries.
 */
function registerKeptMetrics(
  registry: Registry,
  name: string,
  kept: Pick<KeptAnswers<unknown>, 'stats'>,
  help: { lookups: string; entries: string },
): void {
  new Counter({
    name: `swapmarket_${name}_lookups_total`,
    help: help.lookups,
    labelNames: ['source'],
    registers: [registry],
    collect() {
      const { hits, misses } = kept.stats();
      this.reset();
      this.inc({ source: 'memory' }, hits);
      this.inc({ source: 'database' }, misses);
    },
  });
  new Gauge({
    name: `swapmarket_${name}_cache_entries`,
    help: help.entries,
    registers: [registry],
    collect() {
      this.set(kept.stats().entries);
    },
  });
}
