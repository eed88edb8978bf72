import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tooManyRequests } from '../errors.js';

export type RateLimitRule = { key: string; limit: number; windowMs: number };

export type RateLimiter = {
  /** Counts one event; throws 429 once the window holds more than `limit` events. */
  consume: (rule: RateLimitRule, message?: string) => Promise<void>;
  /** Throws 429 if the window is already full, without counting anything. */
  check: (rule: RateLimitRule, message?: string) => Promise<void>;
  /** Whether the window is already full, without counting or refusing. */
  isFull: (rule: RateLimitRule) => Promise<boolean>;
  /** Counts one event without ever refusing (e.g. a failed sign-in, refused later by `check`). */
  record: (rule: RateLimitRule) => Promise<void>;
  reset: (key: string) => Promise<void>;
};

type Counter = { count: number; resetAt: Date };

/**
 * Fixed-window counters in PostgreSQL, so every app server behind a load balancer sees the
 * same counts. One statement per event: insert, or bump the live window, or start a new one.
 */
export function createRateLimiter(db: Database, options: { enabled: boolean }): RateLimiter {
  async function increment(rule: RateLimitRule): Promise<Counter> {
    const { rows } = await db.execute<{ count: number; reset_at: Date }>(sql`
      insert into rate_limits (key, count, reset_at)
      values (${rule.key}, 1, now() + ${rule.windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                        else rate_limits.reset_at end
      returning count, reset_at`);
    const row = rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    return { count: Number(row.count), resetAt: new Date(row.reset_at) };
  }

  async function current(key: string): Promise<Counter | undefined> {
    const { rows } = await db.execute<{ count: number; reset_at: Date }>(
      sql`select count, reset_at from rate_limits where key = ${key} and reset_at > now()`,
    );
    const row = rows[0];
    return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : undefined;
  }

  const secondsUntil = (date: Date) => (date.getTime() - Date.now()) / 1000;

  return {
    async consume(rule, message) {
      if (!options.enabled) return;
      const counter = await increment(rule);
      if (counter.count > rule.limit) throw tooManyRequests(secondsUntil(counter.resetAt), message);
    },
    async check(rule, message) {
      if (!options.enabled) return;
      const counter = await current(rule.key);
      if (counter && counter.count >= rule.limit) {
        throw tooManyRequests(secondsUntil(counter.resetAt), message);
      }
    },
    async isFull(rule) {
      if (!options.enabled) return false;
      const counter = await current(rule.key);
      return counter !== undefined && counter.count >= rule.limit;
    },
    async record(rule) {
      if (!options.enabled) return;
      await increment(rule);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

export async function purgeExpiredRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}
