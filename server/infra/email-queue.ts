import { z } from 'zod';
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
 * The only emails that go to an address not yet proven: those that prove it. Everything else
 * the site emails a member goes to their verified address only (email-recipients.ts).
 */
export const ADDRESS_PROOFS = ['verify-address', 'reset-password'] as const;
export type AddressProof = (typeof ADDRESS_PROOFS)[number];

const queuedEmailSchema = outgoingEmailSchema.extend({ proves: z.enum(ADDRESS_PROOFS) });

/**
 * Emails that prove an address (verification, password reset) leave from the job queue: the
 * request that causes one only enqueues it (in its own transaction), so its answer neither waits
 * for nor reveals delivery, and a failed send is retried with back-off instead of lost. One app
 * server sends each email; a Message-ID derived from the job marks a rare repeat (a server
 * killed mid-send) as the same message. A job that does not say which proof it is (queued by
 * older code, or by mistake) is refused: this queue emails unproven addresses, so nothing else
 * may use it.
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
      await mailer.send(queuedEmailSchema.parse(payload), {
        messageId: `<job-${job.id}@${host}>`,
      });
      options.metrics.emailSent(options.transport);
    },
    { concurrency: EMAIL_CONCURRENCY },
  );
}

/** Queues an email that proves an address, in `db` (the transaction of the change behind it). */
export function queueAddressProof(
  jobs: JobQueue,
  db: Executor,
  proves: AddressProof,
  email: OutgoingEmail,
): Promise<boolean> {
  return jobs.enqueue(db, EMAIL_QUEUE, { ...email, proves });
}
