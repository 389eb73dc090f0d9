import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { errorsPlugin, frameworkErrors } from '../plugins/errors.js';
import { demoSiteRoutes } from '../routes/demo-site-routes.js';

export const DEMO_SITE_DIR = fileURLToPath(new URL('./site', import.meta.url));

/**
 * The demo website as its own server, on its own origin (DEMO_PORT). Its pages run split tests whose
 * changes any key holder of `acme-shop` may write, so they must never share an origin with the
 * dashboard or the admin API: there a change's script could act with the admin's cookie.
 */
export async function buildDemoSite(opts: { trackerOrigin: () => string; logLevel?: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: opts.logLevel ?? 'silent' }, frameworkErrors });
  await app.register(errorsPlugin);
  app.get('/', (_request, reply) => reply.redirect('/demo/'));
  await app.register(demoSiteRoutes, { dir: DEMO_SITE_DIR, trackerOrigin: opts.trackerOrigin });
  return app;
}
