import type { Context } from '@fedify/fedify';
import type { AppContext } from '../../context.js';
import { type AppFederation, createAppFederation } from './federation.js';
import { hostOf, recordDelivery } from './instances.js';
import { createFederationQueue, type FederationQueue } from './message-queue.js';

type Runtime = { federation: AppFederation; queue: FederationQueue };

const perApp = new WeakMap<AppContext, Runtime>();

/** This app server's federation and its queue, made on first need. */
export function federationOf(ctx: AppContext): Runtime {
  let runtime = perApp.get(ctx);
  if (!runtime) {
    const queue = createFederationQueue(ctx.db, ctx.jobs, ctx.log, (inbox, ok) => {
      void recordDelivery(ctx.db, hostOf(inbox), ok).catch(() => {});
    });
    runtime = { queue, federation: createAppFederation(ctx, queue) };
    perApp.set(ctx, runtime);
  }
  return runtime;
}

/** A Fedify context outside a request (jobs, admin actions), on the instance's public URL. */
export function federationContext(ctx: AppContext): Context<AppContext> {
  return federationOf(ctx).federation.createContext(new URL(ctx.config.publicUrl), ctx);
}
