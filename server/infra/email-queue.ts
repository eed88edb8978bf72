import type { Executor } from '../db/client.js';
import type { JobQueue } from './job-queue.js';
import { type Mailer, type OutgoingEmail, outgoingEmailSchema } from './mailer.js';
import type { Metrics } from './metrics.js';

export const EMAIL_QUEUE = 'email';
/**
 * Emails sent at once per app server, in slots of their own (password resets, verification and
 * notices never wait behind pushes or digests): as many SMTP connections as a relay takes from
 * one client without throttling.
 */
export const EMAIL_CONCURRENCY = 4;

/**
 * Emails leave from the job queue: the request that causes one only enqueues it (in its own
 * transaction), so its answer neither waits for nor reveals delivery, and a failed send is
 * retried with back-off instead of lost. One app server sends each email; a Message-ID derived
 * from the job marks a rare repeat (a server killed mid-send) as the same message.
 */
export function registerEmailJobs(
  jobs: JobQueue,
  mailer: Mailer,
  options: { publicUrl: string; metrics: Pick<Metrics, 'emailSent'>; transport: 'smtp' | 'outbox' },
): void {
  const host = new URL(options.publicUrl).hostname || 'localhost';
  jobs.handle(
    EMAIL_QUEUE,
    async (payload, job) => {
      await mailer.send(outgoingEmailSchema.parse(payload), {
        messageId: `<job-${job.id}@${host}>`,
      });
      options.metrics.emailSent(options.transport);
    },
    { concurrency: EMAIL_CONCURRENCY },
  );
}

export function queueEmail(jobs: JobQueue, db: Executor, email: OutgoingEmail): Promise<boolean> {
  return jobs.enqueue(db, EMAIL_QUEUE, email);
}
