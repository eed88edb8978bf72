import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { DomainEvents, DomainHooks } from './domain-hooks.js';
import type { JobHandler, JobQueueOptions } from './job-queue.js';

/** Subscribes a listener to a domain event, run inside the transaction of each change. */
export type Subscribe = DomainHooks['on'];
/**
 * Handles a job queue, on whichever app server claims each job; `options.concurrency` gives the
 * queue its own number of slots per server (job-queue.ts DEFAULT_QUEUE_CONCURRENCY otherwise).
 */
export type HandleJobs = (queue: string, handler: JobHandler, options?: JobQueueOptions) => void;

/**
 * What a server feature adds to the app, declared in its `<feature>.feature.ts`; app.ts lists the
 * features and registers them in passes: every feature's listeners, then its jobs, then its
 * routes. "Who reacts to swap.changed?" is read off `listenerTable`, never grepped for.
 */
export type Feature = {
  name: string;
  /** The domain events it derives data from (notifications, graphs, counters …). */
  listeners?: (ctx: AppContext, on: Subscribe) => void;
  /** The job queues it handles. */
  jobs?: (ctx: AppContext, handle: HandleJobs) => void;
  /** Its HTTP routes, and what they start with the server (timers, a first build). */
  routes?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
};

/** Registers every feature's listeners, then jobs, then routes, in the order listed. */
export async function registerFeatures(
  app: FastifyInstance,
  ctx: AppContext,
  features: readonly Feature[],
): Promise<void> {
  for (const feature of features) feature.listeners?.(ctx, ctx.hooks.on);
  for (const feature of features) feature.jobs?.(ctx, ctx.jobs.handle);
  for (const feature of features) await feature.routes?.(app, ctx);
}

/** Which features react to each domain event, in the order their listeners run. */
export function listenerTable(
  features: readonly Feature[],
  ctx: AppContext,
): Map<keyof DomainEvents, string[]> {
  const table = new Map<keyof DomainEvents, string[]>();
  for (const feature of features) {
    feature.listeners?.(ctx, (event) => {
      const names = table.get(event) ?? [];
      // A feature is named once per event, however many of its listeners hear it.
      if (names.at(-1) !== feature.name) table.set(event, [...names, feature.name]);
    });
  }
  return table;
}
