import path from 'node:path';
import { z } from 'zod';
import { parseBannedWordsExtra } from '../shared/banned-words.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * TRUST_PROXY: off by default so that a spoofed X-Forwarded-For cannot change the client address
 * (and with it a rate-limit key). 'true' trusts every hop, a number trusts that many hops, anything
 * else is a comma-separated list of trusted proxy addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v): boolean | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'every entry must be an email address' })));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  ERASURES_FILE: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional(),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: trustProxy,
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAILS: emailList,
  SITE_NAME: z.string().trim().min(1).max(60).default('SwapMarket'),
  SOCIAL_URL: httpUrl.default('https://www.facebook.com/'),
  TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  GEOCODER_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_HOURS: positiveInt(24 * 14),
  SESSION_MAX_DAYS: positiveInt(60),
  VISIT_RETENTION_DAYS: positiveInt(90),
  EVENTS_HEARTBEAT_SECONDS: positiveInt(25),
  DIGEST_HOUR_UTC: z.coerce
    .number()
    .int({ error: 'must be an hour from 0 to 23' })
    .min(0, { error: 'must be an hour from 0 to 23' })
    .max(23, { error: 'must be an hour from 0 to 23' })
    .default(7),
  RATE_LIMITS: flag.default(true),
  RATE_LIMIT_WINDOW_MINUTES: positiveInt(15),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: positiveInt(10),
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: positiveInt(100),
  RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: positiveInt(100),
  RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS: positiveInt(20),
  RATE_LIMIT_RESET_REQUESTS_PER_ACCOUNT: positiveInt(3),
  RATE_LIMIT_OFFERS_PER_HOUR: positiveInt(30),
  /** New listings a member may make per day (each one feeds the want graph's upkeep). */
  RATE_LIMIT_LISTINGS_PER_DAY: positiveInt(50),
  /** How long a browse or search page may be served from this server's memory (0: never). */
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(1000).optional(),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  OFFERS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SEARCH_RANKINGS_MATCHES: z.coerce.number().int().min(0).max(20_000_000).optional(),
  RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES: positiveInt(60),
  RATE_LIMIT_UPLOADS_PER_HOUR: positiveInt(60),
  /** Issue 40 §4: an account this young, or unverified, is new (lower limits, no links). */
  NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  RATE_LIMIT_OFFERS_PER_HOUR_NEW: positiveInt(5),
  RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES_NEW: positiveInt(15),
  RATE_LIMIT_ROUND_ENTRIES_PER_DAY_NEW: positiveInt(10),
  CLIENT_DIR: z.string().min(1).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (87 characters)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, {
      error: 'must be a base64url P-256 private key (43 characters)',
    })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' })
    .optional(),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: flag.default(false),
  /** `off` turns federation off entirely (no ActivityPub routes, nothing sent or accepted). */
  FEDERATION: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** Whether another instance's follow waits for an admin (manual) or is accepted at once. */
  FEDERATION_APPROVAL: z
    .enum(['manual', 'auto'], { error: 'must be manual or auto' })
    .default('manual'),
  /** Tests on one machine only: other instances over http and on loopback/private addresses. */
  FEDERATION_ALLOW_PRIVATE: flag.default(false),
  /**
   * Threads of their own that apply other instances' activities, so a stream of them uses more
   * than one core and the main thread keeps serving members; 0 applies them on the main thread.
   * At most 4: each holds a pool of 10 connections, and PostgreSQL allows 100 unless told more.
   */
  FEDERATION_INBOX_THREADS: z.coerce
    .number()
    .int({ error: 'must be a whole number from 0 to 4' })
    .min(0, { error: 'must be a whole number from 0 to 4' })
    .max(4, { error: 'must be a whole number from 0 to 4' })
    .default(1),
  /** A round's solver budget, every phase included (docs/solver.md, "What runs where"). */
  ROUND_SOLVE_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Words refused in listings besides the built-in lists: comma-separated (decision 012). */
  BANNED_WORDS_EXTRA: z.string().max(10_000).default('').transform(parseBannedWordsExtra),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
    .optional(),
});

export type Env = z.input<typeof envSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  /** Browse and search pages kept in memory this long (ms, ≤ 1000; decision 005). */
  searchCacheMs: number;
  /** A signed-in request's session known per app server this long at most (ms; 0: never). */
  sessionCacheMs: number;
  /** A member's pages of offers kept per app server this long at most (ms; 0: never). */
  offersCacheMs: number;
  /** Matches of frequent searches' rankings kept per app server, in all (0: none; decision 005). */
  searchRankingsMatches: number;
  port: number;
  host: string;
  dataDir: string;
  /** The list of erased accounts kept beside the data (issue 40 §1); applied again at restore. */
  erasuresFile: string;
  databaseUrl: string | undefined;
  /** Filled by resolveSessionSecret when the environment leaves it out. */
  sessionSecret: string | undefined;
  publicUrl: string;
  trustProxy: boolean | number | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  siteName: string;
  /** BANNED_WORDS_EXTRA: refused in listings as whole words, beside the built-in lists. */
  bannedWordsExtra: string[];
  socialUrl: string;
  tileUrl: string;
  /** Nominatim-compatible search service; the offline gazetteer answers without it. */
  geocoderUrl: string | undefined;
  logLevel: string;
  session: { idleMs: number; absoluteMs: number };
  /** Page views older than this are deleted (the terms page says so). */
  visitRetentionDays: number;
  /** Live-event streams send a keep-alive and re-check their session this often. */
  eventsHeartbeatMs: number;
  /** The daily notification digest goes out at this hour (UTC). */
  digestHourUtc: number;
  rateLimits: {
    enabled: boolean;
    windowMs: number;
    loginFailuresPerAccount: number;
    loginFailuresPerAddress: number;
    registrationsPerAddress: number;
    resetRequestsPerAddress: number;
    resetRequestsPerAccount: number;
    offersPerHour: number;
    listingsPerDay: number;
    messagesPerFiveMinutes: number;
    uploadsPerHour: number;
    /** The same while an account is new (newAccountDays). */
    offersPerHourNew: number;
    messagesPerFiveMinutesNew: number;
    roundEntriesPerDayNew: number;
  };
  newAccountDays: number;
  clientDir: string | undefined;
  /** GET /metrics answers only with `Authorization: Bearer <this>`; off when unset. */
  metricsToken: string | undefined;
  /**
   * A round's solve may take this long (ms, wall clock) in its worker thread, which is stopped a
   * little after (solve-worker.ts); past it the best answer so far is kept, marked not proven.
   */
  roundSolveMs: number;
  federation: {
    enabled: boolean;
    /** Another instance's follow is accepted at once (auto) or waits for an admin (manual). */
    approval: 'manual' | 'auto';
    /**
     * Fetch from and deliver to plain http and loopback/private addresses. Off: another instance
     * could otherwise make this server reach inside its network. Tests on one machine only.
     */
    allowPrivate: boolean;
    /** Threads that apply inbound activities (main.ts); 0: the main thread does. */
    inboxThreads: number;
  };
  push: {
    /** VAPID keys from the environment; else generated once into DATA_DIR (vapid-keys.json). */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    /** Who push services contact about this sender (mailto: or https:). */
    subject: string;
    /**
     * Accept subscriptions whose endpoint is plain http, on any port, or at a loopback/private
     * address or name (the outbound address policy's `allowPrivate`, server/infra/outbound). Off:
     * a member could otherwise make the server post to addresses inside its network. Tests only.
     */
    allowPrivateEndpoints: boolean;
  };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  const hostname = new URL(publicUrl).hostname;
  return {
    env: e.NODE_ENV,
    // Tests change listings behind the app's back (SQL) and read at once: no cache unless asked.
    searchCacheMs: e.SEARCH_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    // Tests change accounts and sessions with SQL and read at once, before the change's notice.
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    offersCacheMs: e.OFFERS_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 30_000),
    // Kept under tests too: a ranking reads every change from the database, whoever made it.
    searchRankingsMatches: e.SEARCH_RANKINGS_MATCHES ?? 2_000_000,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    erasuresFile: e.ERASURES_FILE ?? path.join(e.DATA_DIR, 'erasures.jsonl'),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    adminEmails: e.ADMIN_EMAILS,
    siteName: e.SITE_NAME,
    bannedWordsExtra: e.BANNED_WORDS_EXTRA,
    socialUrl: e.SOCIAL_URL,
    tileUrl: e.TILE_URL,
    geocoderUrl: e.GEOCODER_URL,
    logLevel: e.LOG_LEVEL,
    session: {
      idleMs: e.SESSION_IDLE_HOURS * 3_600_000,
      absoluteMs: e.SESSION_MAX_DAYS * 86_400_000,
    },
    visitRetentionDays: e.VISIT_RETENTION_DAYS,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_SECONDS * 1000,
    digestHourUtc: e.DIGEST_HOUR_UTC,
    rateLimits: {
      enabled: e.RATE_LIMITS,
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      loginFailuresPerAccount: e.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAddress: e.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
      registrationsPerAddress: e.RATE_LIMIT_REGISTRATIONS_PER_ADDRESS,
      resetRequestsPerAddress: e.RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS,
      resetRequestsPerAccount: e.RATE_LIMIT_RESET_REQUESTS_PER_ACCOUNT,
      offersPerHour: e.RATE_LIMIT_OFFERS_PER_HOUR,
      listingsPerDay: e.RATE_LIMIT_LISTINGS_PER_DAY,
      messagesPerFiveMinutes: e.RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES,
      uploadsPerHour: e.RATE_LIMIT_UPLOADS_PER_HOUR,
      offersPerHourNew: e.RATE_LIMIT_OFFERS_PER_HOUR_NEW,
      messagesPerFiveMinutesNew: e.RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES_NEW,
      roundEntriesPerDayNew: e.RATE_LIMIT_ROUND_ENTRIES_PER_DAY_NEW,
    },
    newAccountDays: e.NEW_ACCOUNT_DAYS,
    clientDir: e.CLIENT_DIR,
    metricsToken: e.METRICS_TOKEN,
    roundSolveMs: e.ROUND_SOLVE_MS,
    federation: {
      enabled: e.FEDERATION === 'on',
      approval: e.FEDERATION_APPROVAL,
      allowPrivate: e.FEDERATION_ALLOW_PRIVATE,
      inboxThreads: e.FEDERATION_INBOX_THREADS,
    },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject:
        e.VAPID_SUBJECT ??
        (publicUrl.startsWith('https://')
          ? publicUrl
          : `mailto:no-reply@${hostname.includes('.') ? hostname : `${hostname}.invalid`}`),
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
  };
}

export function isSecureDeployment(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}
