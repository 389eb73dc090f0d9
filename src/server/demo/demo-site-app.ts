import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { capConnections, deadlineOptions, DEFAULT_CONNECTION_LIMITS } from '../plugins/connection-limits.js';
import { clientErrors, errorEnvelopePlugin, frameworkErrors } from '../plugins/error-envelope.js';
import { demoSiteRoutes } from '../routes/demo-site-routes.js';

export const DEMO_SITE_DIR = fileURLToPath(new URL('./site', import.meta.url));

/**
 * The demo website as its own server, on its own origin (DEMO_PORT). Its pages run split tests whose
 * changes any key holder of `acme-shop` may write, so they must never share an origin with the
 * dashboard or the admin API: there a change's script could act with the admin's cookie.
 */
export async function buildDemoSite(opts: {
  trackerOrigin: () => string;
  logLevel?: string;
}): Promise<FastifyInstance> {
  // The same deadlines and caps against slow clients as the app's: it listens on a port of its own.
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'silent' },
    frameworkErrors,
    clientErrorHandler: clientErrors,
    ...deadlineOptions(DEFAULT_CONNECTION_LIMITS),
  });
  capConnections(app.server, DEFAULT_CONNECTION_LIMITS, true);
  await app.register(errorEnvelopePlugin);
  app.get('/', (_request, reply) => reply.redirect('/demo/'));
  await app.register(demoSiteRoutes, { dir: DEMO_SITE_DIR, trackerOrigin: opts.trackerOrigin });
  return app;
}
