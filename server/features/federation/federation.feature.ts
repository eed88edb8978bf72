import type { Feature } from '../../infra/features.js';
import { HOME_RELIABILITY_QUEUE } from '../users/home-reliability.js';
import { BACKFILL_QUEUE, runBackfill } from './backfill.js';
import { startSilenceWatch } from './circles-expiry.js';
import { runCircleJob } from './circles-send.js';
import { CIRCLES_QUEUE, circleAcrossListeners } from './circles-store.js';
import { registerFederationRoutes } from './federation.routes.js';
import { runHomeReliability } from './home-reliability.js';
import { MEMBER_KEYS_QUEUE, memberKeysListeners, runMemberKeys } from './keys.js';
import { MEMBER_GONE_QUEUE, memberGoneListeners, runMemberGone } from './member-gone.js';
import { FEDERATION_QUEUES } from './message-queue.js';
import { runOfferJob } from './offers-send.js';
import { goneListingListeners, OFFERS_QUEUE, offerListeners } from './offers-store.js';
import { PUBLISH_QUEUE, publishListeners, runPublish } from './publish.js';
import { goneCopyListeners, remoteWantsListeners } from './remote-store.js';
import { FLAG_QUEUE, reportListeners, runFlag } from './reports.js';
import { federationOf } from './runtime.js';

/**
 * Instances that share a market (DESIGN §10, issue 37): ActivityPub through Fedify. Its request
 * handling is mounted ahead of the site's own rules (mount.ts, from app.ts); here are its listeners
 * (our listings' changes go to the instances that follow ours; offers with members of other
 * instances travel, offers-*.ts), its jobs and the admin routes.
 */
export const federationFeature: Feature = {
  name: 'federation',
  listeners: (ctx, on) => {
    publishListeners(ctx, on);
    remoteWantsListeners(ctx, on);
    goneCopyListeners(ctx, on);
    reportListeners(ctx, on);
    offerListeners(ctx, on);
    circleAcrossListeners(ctx, on);
    goneListingListeners(ctx, on);
    memberGoneListeners(ctx, on);
    memberKeysListeners(ctx, on);
  },
  jobs: (ctx, handle) => {
    if (!ctx.config.federation.enabled) return;
    for (const { name, concurrency } of Object.values(FEDERATION_QUEUES))
      handle(name, (payload) => federationOf(ctx).queue.run(payload), { concurrency });
    handle(BACKFILL_QUEUE, (payload) => runBackfill(ctx, payload));
    handle(PUBLISH_QUEUE, (payload) => runPublish(ctx, payload));
    handle(FLAG_QUEUE, (payload) => runFlag(ctx, payload));
    handle(OFFERS_QUEUE, (payload) => runOfferJob(ctx, payload));
    handle(CIRCLES_QUEUE, (payload) => runCircleJob(ctx, payload));
    handle(MEMBER_GONE_QUEUE, (payload) => runMemberGone(ctx, payload));
    handle(HOME_RELIABILITY_QUEUE, (payload) => runHomeReliability(ctx, payload));
    handle(MEMBER_KEYS_QUEUE, (payload) => runMemberKeys(ctx, payload));
  },
  routes: (app, ctx) => {
    if (!ctx.config.federation.enabled) return;
    if (ctx.config.federation.allowPrivate)
      ctx.log.warn(
        'FEDERATION_ALLOW_PRIVATE is on: this server will fetch from and deliver to plain http and loopback/private addresses. Never on a server others can reach: it is for tests on one machine.',
      );
    registerFederationRoutes(app, ctx);
    startSilenceWatch(app, ctx);
    const stop = new AbortController();
    // Fedify reads its queue through the job queue's handler above; it listens from the start.
    void federationOf(ctx).federation.startQueue(ctx, { signal: stop.signal });
    app.addHook('onClose', async () => stop.abort());
  },
};
