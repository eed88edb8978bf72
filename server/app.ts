import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { registerAdminRoutes } from './features/admin/admin.routes.js';
import { registerSavedSearchRoutes } from './features/alerts/saved-searches.routes.js';
import { registerAnalyticsRoutes } from './features/analytics/analytics.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerAuthJobs } from './features/auth/auth.service.js';
import { registerBlockRoutes } from './features/blocks/blocks.routes.js';
import { registerCategoryRoutes } from './features/categories/categories.routes.js';
import { registerCircleRoutes } from './features/circles/circles.routes.js';
import { registerDocsRoutes } from './features/docs/docs.routes.js';
import { registerEventRoutes } from './features/events/events.routes.js';
import { registerFeedbackRoutes } from './features/feedback/feedback.routes.js';
import { registerHealthRoutes } from './features/health/health.routes.js';
import { registerMetricsRoutes } from './features/health/metrics.routes.js';
import { registerImageRoutes } from './features/images/images.routes.js';
import { publicItemBody, registerItemRoutes } from './features/items/items.routes.js';
import { registerMatching } from './features/matching/matching.routes.js';
import { registerNotificationRoutes } from './features/notifications/notifications.routes.js';
import { registerPushRoutes } from './features/push/push.routes.js';
import { registerReportRoutes } from './features/reports/reports.routes.js';
import { registerRoundRoutes } from './features/rounds/rounds.routes.js';
import { registerSavedRoutes } from './features/saved/saved.routes.js';
import { keptRankingsOf } from './features/search/kept-rankings.js';
import { registerSearchRoutes } from './features/search/search.routes.js';
import { registerVocabulary } from './features/search/spelling.js';
import { registerSiteRoutes } from './features/site/site.routes.js';
import { createOffersCache } from './features/swaps/offers-cache.js';
import { registerSwapRoutes } from './features/swaps/swaps.routes.js';
import { registerUserRoutes } from './features/users/users.routes.js';
import { createDomainHooks, type DomainHooks } from './infra/domain-hooks.js';
import { registerEmailJobs } from './infra/email-queue.js';
import { createEventBus } from './infra/event-bus.js';
import { createGeocoder } from './infra/geocoding/geocoder.js';
import { createJobQueue, type JobQueue } from './infra/job-queue.js';
import { createKeptNotices } from './infra/kept-notices.js';
import { createMailer } from './infra/mailer.js';
import { createMetrics } from './infra/metrics.js';
import { createNotifyChannel } from './infra/notify-channel.js';
import { createRateLimiter } from './infra/rate-limiter.js';
import { createSessionCache } from './infra/session-cache.js';
import { defaultClientDir } from './paths.js';
import { loadPageRenderer, registerClientApp } from './plugins/client-app.js';
import { registerErrorHandler } from './plugins/errors.js';
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
    jobs: createJobQueue(db, app.log),
    hooks: createDomainHooks(),
  };
  app.decorate('jobs', ctx.jobs);
  app.decorate('hooks', ctx.hooks);
  // Handlers are registered with the routes; the worker starts once all are in.
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', () => ctx.jobs.stop());
  registerEmailJobs(ctx.jobs, ctx.mailer, {
    publicUrl: config.publicUrl,
    metrics: ctx.metrics,
    transport: config.smtpUrl ? 'smtp' : 'outbox',
  });
  registerAuthJobs(ctx);
  registerRequestMetrics(app, ctx.metrics);

  registerErrorHandler(app);
  await registerSecurity(app, config);
  registerInputGuard(app);
  await registerSession(app, config, db, sessionCache);

  // Listeners first: they subscribe to the domain events the services below announce.
  registerNotificationRoutes(app, ctx);
  registerPushRoutes(app, ctx);
  registerSavedSearchRoutes(app, ctx);
  registerVocabulary(ctx);

  registerHealthRoutes(app, ctx, options.databaseRestarting);
  registerMetricsRoutes(app, ctx);
  registerSiteRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerCategoryRoutes(app, ctx);
  registerItemRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerMatching(app, ctx);
  registerSavedRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerSwapRoutes(app, ctx);
  registerCircleRoutes(app, ctx);
  registerRoundRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerFeedbackRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerBlockRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerDocsRoutes(app);

  const clientDir = config.clientDir ?? defaultClientDir;
  const renderPage = await loadPageRenderer(clientDir, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  await registerClientApp(app, clientDir, publicItemBody(ctx), renderPage);
  return app;
}
