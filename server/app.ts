import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { accountFeature } from './features/account/account.feature.js';
import { adminFeature } from './features/admin/admin.feature.js';
import { alertsFeature } from './features/alerts/alerts.feature.js';
import { analyticsFeature } from './features/analytics/analytics.feature.js';
import { authFeature } from './features/auth/auth.feature.js';
import { blocksFeature } from './features/blocks/blocks.feature.js';
import { categoriesFeature } from './features/categories/categories.feature.js';
import { circlesFeature } from './features/circles/circles.feature.js';
import { docsFeature } from './features/docs/docs.feature.js';
import { eventsFeature } from './features/events/events.feature.js';
import { federationFeature } from './features/federation/federation.feature.js';
import { registerFederationMount } from './features/federation/mount.js';
import { feedbackFeature } from './features/feedback/feedback.feature.js';
import { healthFeature } from './features/health/health.feature.js';
import { imagesFeature } from './features/images/images.feature.js';
import { itemsFeature } from './features/items/items.feature.js';
import { publicItemBody } from './features/items/items.routes.js';
import { matchingFeature } from './features/matching/matching.feature.js';
import { meetingPlacesFeature } from './features/meeting-places/meeting-places.feature.js';
import { notificationsFeature } from './features/notifications/notifications.feature.js';
import { problemsFeature } from './features/problems/problems.feature.js';
import { pushFeature } from './features/push/push.feature.js';
import { reportsFeature } from './features/reports/reports.feature.js';
import { roundsFeature } from './features/rounds/rounds.feature.js';
import { savedFeature } from './features/saved/saved.feature.js';
import { keptRankingsOf } from './features/search/kept-rankings.js';
import { searchFeature } from './features/search/search.feature.js';
import { siteFeature } from './features/site/site.feature.js';
import { createOffersCache } from './features/swaps/offers-cache.js';
import { swapsFeature } from './features/swaps/swaps.feature.js';
import { usersFeature } from './features/users/users.feature.js';
import { createDomainHooks, type DomainHooks } from './infra/domain-hooks.js';
import { registerEmailJobs } from './infra/email-queue.js';
import { createEventBus } from './infra/event-bus.js';
import { type Feature, registerFeatures } from './infra/features.js';
import { createGeocoder } from './infra/geocoding/geocoder.js';
import { createJobQueue, type JobLanes, type JobQueue } from './infra/job-queue.js';
import { createKeptNotices } from './infra/kept-notices.js';
import { createMailer } from './infra/mailer.js';
import { createMetrics } from './infra/metrics.js';
import { createNotifyChannel } from './infra/notify-channel.js';
import { createRateLimiter } from './infra/rate-limiter.js';
import { createSessionCache } from './infra/session-cache.js';
import { defaultClientDir } from './paths.js';
import { loadPageRenderer, registerClientApp } from './plugins/client-app.js';
import { registerErrorHandler, registerMessageTranslation } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerRequestMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerReadYourWrites } from './plugins/read-your-writes.js';
import { registerSecurity } from './plugins/security.js';
import { registerSession } from './plugins/session.js';

/** Generous for JSON forms; routes that take images raise their own limit. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: ReadonlyArray<{ method: string; url: string }>;
    /** The app's job queue (tests run due jobs through it). */
    jobs: JobQueue;
    /**
     * The app's domain hooks (tests listen to what the services announce, and announce changes
     * no route makes yet).
     */
    hooks: DomainHooks;
  }
}

/**
 * Every server feature, in the order each pass registers them (infra/features.ts): listeners run
 * in this order within a change's transaction, and routes are added in this order.
 */
export function appFeatures(databaseRestarting?: () => boolean): Feature[] {
  return [
    notificationsFeature,
    pushFeature,
    alertsFeature,
    healthFeature(databaseRestarting),
    siteFeature,
    authFeature,
    categoriesFeature,
    itemsFeature,
    searchFeature,
    matchingFeature,
    savedFeature,
    imagesFeature,
    swapsFeature,
    circlesFeature,
    roundsFeature,
    eventsFeature,
    feedbackFeature,
    usersFeature,
    accountFeature,
    blocksFeature,
    analyticsFeature,
    reportsFeature,
    problemsFeature,
    meetingPlacesFeature,
    adminFeature,
    federationFeature,
    docsFeature,
  ];
}

/** A hop count becomes a function: Fastify's types take only booleans, lists and functions. */
function trustProxySetting(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export async function buildApp(options: {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  /** True while the supervised embedded database is being started again (GET /readyz: 503). */
  databaseRestarting?: () => boolean;
  /** Which queues this app's job worker runs, and whom to tell of jobs in the others. */
  jobLanes?: JobLanes;
  /** Serve the browser app (a thread that only runs jobs serves no pages). */
  clientApp?: boolean;
}): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: trustProxySetting(config.trustProxy),
    bodyLimit: DEFAULT_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Request ids are ours; a client-chosen one could forge log lines.
    requestIdHeader: false,
    return503OnClosing: true,
  });
  // Every route the app serves, for operators and for the access-matrix test.
  const routeTable: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  // Closing: a keep-alive connection whose request finishes meanwhile would sit idle until its
  // timeout (72 s) and hold the close back, so idle ones are closed as they appear.
  let reapIdle: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  });
  app.addHook('onClose', async () => clearInterval(reapIdle));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: a form or text/plain post is what a cross-site forgery would send.
  app.removeContentTypeParser('text/plain');
  // Before any route: it collects every route registered after it into the API description.
  await registerOpenApi(app, config);

  // One listening connection a server: live events for members' streams, and the notices that
  // keep what this server keeps true (each kept answer subscribes to its kind next to itself).
  const channel = createNotifyChannel(db, app.log, { wanted: () => events.streamCount() > 0 });
  const events = createEventBus(channel);
  const kept = createKeptNotices(channel);
  const sessionCache = createSessionCache({ maxAgeMs: config.sessionCacheMs, notices: kept });
  const offersCache = createOffersCache(config.offersCacheMs, kept);
  if (config.sessionCacheMs > 0 || config.offersCacheMs > 0 || config.searchCacheMs > 0)
    app.addHook('onReady', async () => kept.keepListening());
  app.addHook('onClose', () => channel.close());
  registerReadYourWrites(app, kept);
  const ctx: AppContext = {
    config,
    db,
    log: app.log,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    }),
    rateLimiter: createRateLimiter(db, { enabled: config.rateLimits.enabled }),
    geocode: createGeocoder({ serviceUrl: config.geocoderUrl, log: app.log }),
    events,
    kept,
    sessionCache,
    offersCache,
    metrics: createMetrics({
      enabled: config.metricsToken !== undefined,
      db,
      events,
      sessionCache,
      offersCache,
      // Read at scrape time, once ctx exists.
      searchRankings: () => keptRankingsOf(ctx).stats(),
    }),
    jobs: createJobQueue(db, app.log, options.jobLanes),
    hooks: createDomainHooks(),
  };
  app.decorate('jobs', ctx.jobs);
  app.decorate('hooks', ctx.hooks);
  // Handlers are registered with the features; the worker starts once all are in.
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', () => ctx.jobs.stop());
  registerEmailJobs(ctx.jobs, ctx.mailer, {
    publicUrl: config.publicUrl,
    metrics: ctx.metrics,
    transport: config.smtpUrl ? 'smtp' : 'outbox',
  });
  registerRequestMetrics(app, ctx.metrics);

  registerErrorHandler(app);
  registerMessageTranslation(app);
  // ActivityPub requests carry HTTP signatures, not cookies: Fedify answers them before the site's
  // own request rules (cross-site and JSON checks, sessions) run.
  if (config.federation.enabled) registerFederationMount(app, ctx);
  await registerSecurity(app, config);
  registerInputGuard(app);
  await registerSession(app, config, db, sessionCache);

  await registerFeatures(app, ctx, appFeatures(options.databaseRestarting));

  if (options.clientApp === false) return app;
  const clientDir = config.clientDir ?? defaultClientDir;
  const renderPage = await loadPageRenderer(clientDir, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  await registerClientApp(app, clientDir, publicItemBody(ctx), renderPage);
  return app;
}
