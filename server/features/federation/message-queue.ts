import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../infra/job-queue.js';

/** The job queue's name for Fedify's messages: outgoing deliveries and inbound activities. */
export const FEDERATION_QUEUE = 'federation';

type Handler = (message: unknown) => Promise<void> | void;

/**
 * Fedify's message queue on the app's job queue (server/infra/job-queue.ts): each message is a
 * job in PostgreSQL, claimed by whichever app server is free, under a lease, so a delivery
 * survives a crash and several servers never send one twice. Fedify retries failed deliveries
 * itself (with its back-off policy, 48 hours in all), so a job runs once: `nativeRetrial` is off
 * and a handler's failure is only logged here.
 */
export type FederationQueue = MessageQueue & {
  /** The job handler the app registers for FEDERATION_QUEUE. */
  run: (payload: unknown) => Promise<void>;
  /** Fedify reports a delivery to `inbox` failed (its retry is already scheduled). */
  deliveryFailed: (inbox: URL) => void;
};

/** An outgoing delivery, as Fedify queues it. */
const inboxOf = (message: unknown): string | undefined => {
  const fields = message as { type?: unknown; inbox?: unknown } | null;
  return fields?.type === 'outbox' && typeof fields.inbox === 'string' ? fields.inbox : undefined;
};

export function createFederationQueue(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  log: { warn: (obj: object, msg: string) => void },
  /** How each delivery to another instance went (the admin screen shows it). */
  delivered: (inbox: URL, ok: boolean) => void = () => {},
): FederationQueue {
  const failed = new Set<string>();
  let handler: Handler | null = null;
  let listening: () => void = () => {};
  /** Resolves once Fedify listens: a job claimed at start-up waits for it. */
  let ready = new Promise<void>((resolve) => {
    listening = resolve;
  });
  const runAt = (options?: MessageQueueEnqueueOptions) =>
    options?.delay
      ? new Date(Date.now() + options.delay.total({ unit: 'millisecond' }))
      : undefined;

  return {
    nativeRetrial: false,

    async enqueue(message, options) {
      await jobs.enqueue(
        db,
        FEDERATION_QUEUE,
        { message },
        { runAt: runAt(options), maxAttempts: 1 },
      );
    },

    async enqueueMany(messages, options) {
      for (const message of messages)
        await jobs.enqueue(
          db,
          FEDERATION_QUEUE,
          { message },
          { runAt: runAt(options), maxAttempts: 1 },
        );
    },

    listen(listener, options) {
      handler = listener;
      listening();
      return new Promise<void>((resolve) => {
        options?.signal?.addEventListener('abort', () => {
          handler = null;
          ready = new Promise<void>((again) => {
            listening = again;
          });
          resolve();
        });
      });
    },

    deliveryFailed(inbox) {
      failed.add(inbox.href);
    },

    async run(payload) {
      const { message } = payload as { message: unknown };
      await ready;
      const inbox = inboxOf(message);
      try {
        await handler?.(message);
        if (inbox) delivered(new URL(inbox), !failed.delete(inbox));
      } catch (error) {
        // Fedify has already scheduled its own retry of a failed delivery, where it retries.
        log.warn({ err: error }, 'A federation message failed');
      }
    },
  };
}
