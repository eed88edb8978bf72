import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Background work (emails, push, digests) shared by every app server: a worker claims due rows
 * with FOR UPDATE SKIP LOCKED and holds them under a lease, so each job runs on one server at a
 * time, and a job whose worker died is claimed again when its lease runs out.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    /** Optional: a second job with the same key is not enqueued (one digest per member per day). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when the last attempt failed: the job stays, for operators to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_idx').on(t.dedupeKey),
    // Each queue claims its own due jobs (job-queue.ts): queue first, so one queue's backlog is
    // never scanned to find another's.
    index('jobs_queue_due_idx')
      .on(t.queue, t.runAt, t.id)
      .where(sql`${t.completedAt} is null and ${t.failedAt} is null`),
    index('jobs_completed_idx').on(t.completedAt).where(sql`${t.completedAt} is not null`),
  ],
);
