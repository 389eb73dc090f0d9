import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ADMIN_PREFIX } from '../contract/admin.js';
import { API_PREFIX } from '../contract/endpoints.js';
import { adminAuthPlugin } from './plugins/admin-auth.js';
import { apiAuthPlugin } from './plugins/api-auth.js';
import { corsPlugin } from './plugins/cors.js';
import { drainOnClosePlugin } from './plugins/drain-on-close.js';
import {
  capConnections,
  deadlineOptions,
  DEFAULT_CONNECTION_LIMITS,
  type ConnectionLimits,
} from './plugins/connection-limits.js';
import { clientErrors, errorEnvelopePlugin, frameworkErrors } from './plugins/error-envelope.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { auditLogPlugin } from './plugins/audit-log.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { scriptLimitsPlugin } from './plugins/script-limits.js';
import { compressionPlugin } from './plugins/compression.js';
import { metricsPlugin } from './plugins/metrics.js';
import { appMetrics } from './plugins/metrics-registry.js';
import { RequestLog, requestFields } from './plugins/request-log.js';
import { VERSION } from './version.js';
import { openCountryLookup, type CountryLookup } from './ingest/country-lookup.js';
import type { CollectLimits } from './ingest/collect-limits.js';
import { GroupCommitter } from './ingest/group-commit.js';
import { propertyDirectory } from './ingest/property-directory.js';
import { snapshotSources } from './ingest/snapshot-sources.js';
import { adminRoutes } from './routes/admin-routes.js';
import { analyticsRoutes } from './routes/analytics-routes.js';
import { collectRoutes } from './routes/collect-routes.js';
import { trackerRoutes } from './routes/tracker-routes.js';
import { dashboardRoutes } from './routes/dashboard-routes.js';
import { sharePageRoutes } from './routes/share-page-routes.js';
import { shareRoutes } from './routes/share-routes.js';
import { SHARE_PREFIX } from '../contract/share-endpoints.js';
import { docsRoutes } from './routes/docs-routes.js';
import { savedFunnelRoutes } from './routes/saved-funnel-routes.js';
import { goalRoutes } from './routes/goal-routes.js';
import { signInRoutes } from './routes/sign-in-routes.js';
import { accountSessionRoutes } from './routes/account-session-routes.js';
import { recommendationRoutes } from './routes/recommendation-routes.js';
import { splitTestRoutes } from './routes/split-test-routes.js';
import { trackerConfigFor, trackerConfigRoutes } from './routes/tracker-config-routes.js';
import { configCache } from './tracker/config-cache.js';
import { demoProperties } from './demo/demo-data.js';
import type { Store } from './store/store.js';
import { noMailer, type Mailer } from './mail/mailer.js';
import { reportScheduler, type ReportScheduler } from './mail/report-scheduler.js';
import { unsubscribeRoutes } from './routes/unsubscribe-routes.js';
import { STORE_RETRY_AFTER_SECONDS, StoreUnavailableError } from './store/store-unavailable.js';

export interface AppOptions {
  store: Store;
  /** PUBLIC_URL: the address links handed out by the dashboard use. */
  publicUrl?: string;
  rateLimitPerMinute?: number;
  /** Events a minute collect takes per client address and per property (ingest/collect-limits.ts defaults). */
  collectLimits?: CollectLimits;
  /** Requests a minute per client address for /sightline.js and /api/tracker/config (0: no limit). */
  scriptRequestsPerMinute?: number;
  logLevel?: string;
  /** Where the JSON log goes (default stdout); tests read it. */
  logStream?: { write(line: string): void };
  /** METRICS_TOKEN: serves GET /metrics to a scraper sending it as a bearer token; unset, /metrics is a 404. */
  metricsToken?: string;
  /** Honour X-Forwarded-For for the client address (only behind a proxy you run: TRUST_PROXY). */
  trustProxy?: boolean;
  /** Country of a client address; the shipped offline database by default. */
  countryOf?: CountryLookup;
  /** How long collect gathers events into one transaction. */
  groupCommitMs?: number;
  /** How long `/sightline.js?p=ID` reuses a property's config read (default 5 s; a change through the API drops it at once). */
  trackerConfigTtlMs?: number;
  /** Deadlines and connection caps against slow clients (plugins/connection-limits.ts); tests shorten them. */
  connections?: Partial<ConnectionLimits>;
  /**
   * Where the demo website answers (its own origin: demo/demo-site-app.ts); `/demo/…` here redirects
   * there, so old links keep working while nothing experiments can change is served on this origin.
   */
  demoSiteOrigin?: () => string | null;
  /** Where the built dashboard is (main.ts passes dist/); without it no page is served at `/`. */
  distDir?: string;
  /** The clock (ms) that collect's, failed keys' and the page script's budgets refill by; tests fix it. */
  clock?: () => number;
  /** The largest revenue amount one collected event may carry (default DEFAULT_MAX_REVENUE_AMOUNT). */
  maxRevenueAmount?: number;
  /** How long a report may take before its queries are stopped and it is answered 503 (default 30 s). */
  reportBudgetMs?: number;
  /**
   * SMTP_URL's mailer (mail/mailer.ts) and the base of every mailed link (PUBLIC_URL, else the
   * listening address; never a request's Host, which the sender of a reset request chooses).
   */
  mail?: { mailer: Mailer; linkBase: string };
  /** How often the email reports' scheduler ticks (main.ts: 5 minutes); unset: never on its own (tests tick it). */
  emailReportsEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The email reports' scheduler when mail is configured (tests call its tick with their own clock). */
    emailReports: ReportScheduler | null;
  }
}

/** Builds the whole service as one Fastify instance; tests drive it with inject(), main.ts listens. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...opts.connections };
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? 'silent',
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Should Fastify log a request itself: its method and route, never its URL (tokens) or address.
      serializers: { req: (request: FastifyRequest) => requestFields(request) },
    },
    logController: new RequestLog(),
    bodyLimit: 1_048_576,
    // Query strings are attacker-controlled; cap their size before anything parses them.
    routerOptions: { maxParamLength: 512 },
    trustProxy: opts.trustProxy ?? false,
    frameworkErrors,
    clientErrorHandler: clientErrors,
    ...deadlineOptions(limits),
  });
  // Behind a proxy every connection comes from the proxy's address: the proxy must cap per client.
  capConnections(app.server, limits, !opts.trustProxy);
  await app.register(errorEnvelopePlugin);
  const metrics = opts.metricsToken ? appMetrics(opts.store) : null;
  if (metrics) await app.register(metricsPlugin, { metrics, token: opts.metricsToken!, clock: opts.clock });
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(drainOnClosePlugin);
  await app.register(corsPlugin, { apiPrefix: API_PREFIX });
  await app.register(adminAuthPlugin, { store: opts.store, prefixes: [ADMIN_PREFIX, API_PREFIX] });
  await app.register(apiAuthPlugin, { store: opts.store, prefix: API_PREFIX, clock: opts.clock });
  await app.register(scriptLimitsPlugin, { perMinute: opts.scriptRequestsPerMinute ?? 6_000, clock: opts.clock });
  await app.register(rateLimitPlugin, { perMinute: opts.rateLimitPerMinute ?? 600, prefix: API_PREFIX });
  await app.register(auditLogPlugin, { store: opts.store });

  app.get('/healthz', async (_request, reply) => {
    try {
      await opts.store.ping();
      return { status: 'ok', version: VERSION };
    } catch (error) {
      // Says what is wrong (a reason written for people, never an address) and when to look again.
      const reason = error instanceof StoreUnavailableError ? error.reason : 'the data store failed to answer';
      return reply
        .status(503)
        .header('retry-after', String(STORE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', store: reason });
    }
  });
  await app.register(docsRoutes);
  await app.register(signInRoutes, { store: opts.store });
  await app.register(accountSessionRoutes, {
    store: opts.store,
    prefix: ADMIN_PREFIX,
    clock: opts.clock,
    mail: opts.mail,
  });
  await app.register(unsubscribeRoutes, { store: opts.store, clock: opts.clock });
  const mail = opts.mail ?? { mailer: noMailer, linkBase: '' };
  const reports = mail.mailer.configured ? reportScheduler({ store: opts.store, ...mail }) : null;
  app.decorate('emailReports', reports);
  const every = opts.emailReportsEveryMs;
  if (reports && every) app.addHook('onReady', async () => reports.start(every));
  app.addHook('onClose', async () => reports?.stop());
  // The demo site serves the demo shop's pages (its tag sends to acme-shop): preview links open there.
  const demoSite = opts.demoSiteOrigin;
  const siteOriginOf = demoSite && ((id: string) => (id === demoProperties[0].id ? demoSite() : null));
  await app.register(adminRoutes, {
    store: opts.store,
    prefix: ADMIN_PREFIX,
    siteOriginOf,
    publicUrl: opts.publicUrl,
    clock: opts.clock,
    mail: opts.mail,
  });
  await app.register(analyticsRoutes, { store: opts.store, budgetMs: opts.reportBudgetMs ?? 30_000 });
  await app.register(shareRoutes, {
    store: opts.store,
    budgetMs: opts.reportBudgetMs ?? 30_000,
    clock: opts.clock,
    prefix: SHARE_PREFIX,
  });
  await app.register(savedFunnelRoutes, { store: opts.store });
  await app.register(goalRoutes, { store: opts.store });
  await app.register(recommendationRoutes, { store: opts.store });
  const trackerConfigs = configCache(trackerConfigFor(opts.store), { ttlMs: opts.trackerConfigTtlMs ?? 5_000 });
  await app.register(splitTestRoutes, { store: opts.store, onChange: trackerConfigs.forget });
  const properties = propertyDirectory(opts.store);
  await app.register(collectRoutes, {
    store: opts.store,
    committer: new GroupCommitter((events) => opts.store.insertEvents(events), opts.groupCommitMs ?? 5),
    countryOf: opts.countryOf ?? (await openCountryLookup()),
    propertyExists: properties,
    snapshots: snapshotSources({ domainOf: properties.domainOf, siteOrigin: opts.demoSiteOrigin }),
    limits: opts.collectLimits,
    maxRevenueAmount: opts.maxRevenueAmount,
    clock: opts.clock,
    count: metrics?.countCollected,
  });
  await app.register(trackerRoutes, { configFor: trackerConfigs.get });
  await app.register(trackerConfigRoutes, { configFor: trackerConfigs.get });
  const demoOrigin = opts.demoSiteOrigin;
  if (demoOrigin) {
    const toDemo = (url: string, reply: FastifyReply) => {
      const origin = demoOrigin();
      return origin ? reply.redirect(origin + url) : reply.callNotFound();
    };
    app.get('/demo', (request, reply) => toDemo(request.url, reply));
    app.get('/demo/*', (request, reply) => toDemo(request.url, reply));
  }
  if (opts.distDir) {
    await app.register(dashboardRoutes, { distDir: opts.distDir });
    await app.register(sharePageRoutes, { store: opts.store, clock: opts.clock });
  }
  return app;
}
