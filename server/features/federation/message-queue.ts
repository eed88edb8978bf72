import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../infra/job-queue.js';

/**
 * The job queues Fedify's messages go to, each with slots of its own: deliveries to other
 * instances, inbound activities to apply, and the rest (fan-outs). A backlog of deliveries to a
 * dead instance never holds up applying what others send, nor any other job of the site.
 */
export const FEDERATION_QUEUES = {
  outbox: { name: 'federation.outbox', concurrency: 8 },
  inbox: { name: 'federation.inbox', concurrency: 8 },
  other: { name: 'federation', concurrency: 2 },
} as const;

/** Deliveries to one instance a server makes at once; more wait a moment, leaving room. */
const PER_INSTANCE = 2;
/** How long a delivery holds its slot; past it, it finishes in the background. */
const DELIVERY_SLOT_MS = 30_000;
const RETRY_BUSY_MS = 2_000;

type Handler = (message: unknown) => Promise<void> | void;
type Lane = keyof typeof FEDERATION_QUEUES;

/**
 * Fedify's message queue on the app's job queue (server/infra/job-queue.ts): each message is a
 * job in PostgreSQL, claimed by whichever app server is free, under a lease, so a delivery
 * survives a crash and several servers never send one twice. Fedify retries failed deliveries
 * itself (with its back-off policy, 48 hours in all), so a job runs once: `nativeRetrial` is off
 * and a handler's failure is only logged here.
 */
export type FederationQueue = MessageQueue & {
  /** The job handler the app registers for each of FEDERATION_QUEUES. */
  run: (payload: unknown) => Promise<void>;
  /** Fedify reports a delivery to `inbox` failed (its retry is already scheduled). */
  deliveryFailed: (inbox: URL) => void;
};

/** An outgoing delivery's inbox, as Fedify queues it. */
const inboxOf = (message: unknown): string | undefined => {
  const fields = message as { type?: unknown; inbox?: unknown } | null;
  return fields?.type === 'outbox' && typeof fields.inbox === 'string' ? fields.inbox : undefined;
};

const laneOf = (message: unknown): Lane => {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'outbox' ? 'outbox' : type === 'inbox' ? 'inbox' : 'other';
};

export function createFederationQueue(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  log: { warn: (obj: object, msg: string) => void },
  /** How each delivery to another instance went (the admin screen shows it). */
  delivered: (inbox: URL, ok: boolean) => void = () => {},
): FederationQueue {
  const failed = new Set<string>();
  const busy = new Map<string, number>();
  let handler: Handler | null = null;
  let listening: () => void = () => {};
  /** Resolves once Fedify listens: a job claimed at start-up waits for it. */
  let ready = new Promise<void>((resolve) => {
    listening = resolve;
  });

  const enqueue = (message: unknown, delayMs?: number) =>
    jobs.enqueue(
      db,
      FEDERATION_QUEUES[laneOf(message)].name,
      { message },
      {
        runAt: delayMs ? new Date(Date.now() + delayMs) : undefined,
        maxAttempts: 1,
      },
    );
  const delayOf = (options?: MessageQueueEnqueueOptions) =>
    options?.delay?.total({ unit: 'millisecond' });

  /** Runs a delivery, giving its slot back after DELIVERY_SLOT_MS however long the host takes. */
  async function deliver(inbox: string, message: unknown): Promise<void> {
    const host = new URL(inbox).host;
    if ((busy.get(host) ?? 0) >= PER_INSTANCE) {
      await enqueue(message, RETRY_BUSY_MS);
      return;
    }
    busy.set(host, (busy.get(host) ?? 0) + 1);
    const done = Promise.resolve(handler?.(message)).finally(() => {
      busy.set(host, (busy.get(host) ?? 1) - 1);
    });
    let timer: NodeJS.Timeout | undefined;
    const slot = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), DELIVERY_SLOT_MS);
    });
    const outcome = await Promise.race([done.then(() => 'done' as const), slot]);
    clearTimeout(timer);
    if (outcome === 'slow') {
      done.then(
        () => delivered(new URL(inbox), !failed.delete(inbox)),
        (error: unknown) => log.warn({ err: error }, 'A slow delivery failed'),
      );
      return;
    }
    delivered(new URL(inbox), !failed.delete(inbox));
  }

  return {
    nativeRetrial: false,

    async enqueue(message, options) {
      await enqueue(message, delayOf(options));
    },

    async enqueueMany(messages, options) {
      for (const message of messages) await enqueue(message, delayOf(options));
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
      try {
        const inbox = inboxOf(message);
        if (inbox) await deliver(inbox, message);
        else await handler?.(message);
      } catch (error) {
        // Fedify has already scheduled its own retry of a failed delivery, where it retries.
        log.warn({ err: error }, 'A federation message failed');
      }
    },
  };
}
