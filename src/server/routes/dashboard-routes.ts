import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ADMIN_PREFIX } from '../../contract/admin.js';
import { parseCookies, SESSION_COOKIE } from '../auth/sign-in.js';

/**
 * Every dashboard page first needs the property list (its zone decides the range each report asks
 * for), and the app only asks for it once its ~500 KB of JavaScript has run (~100–250 ms after the
 * scripts arrive on the bench machine). For a request with the sign-in cookie, the page's response
 * has the browser fetch the list at once, beside the scripts; the app's request for the same URL
 * takes that response. Without the cookie (signed out) nothing is preloaded.
 */
export const PROPERTIES_PRELOAD = `<${ADMIN_PREFIX}/properties>; rel=preload; as=fetch; crossorigin=anonymous`;
const isPage = (path: string) => /[\\/]index\.html$/.test(path);

/**
 * Serves the built single-page app from `distDir`. Deep links are answered by the not-found handler
 * (plugins/error-envelope.ts) with index.html, so API routing never sees a catch-all route.
 */
export const dashboardRoutes = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const root = resolve(opts.distDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`no dashboard build in ${root}; run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // dist/ holds .br and .gz copies made at build (vite.config.ts): sent as they are, never compressed per request.
    preCompressed: true,
    // Vite names assets by content hash, so a name never changes meaning: cached for good. Everything
    // else (index.html, favicon) is revalidated, so a new build reaches the next page load.
    setHeaders: (reply, path) => {
      reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (isPage(path) && parseCookies(reply.request.headers.cookie)[SESSION_COOKIE])
        reply.header('link', PROPERTIES_PRELOAD);
    },
  });
});

// Paths a program asks for (the API, a monitoring probe's /metrics or /health…) get a 404 in the
// envelope: the dashboard's page there would read as "up" forever (issue 41).
const NEVER_THE_PAGE = /^\/(api|metrics|health[^/]*)(\/|$)/i;

/** Whether a request that matched no route should get the app's index.html (a deep link). */
export function isDeepLink(method: string, url: string): boolean {
  const path = url.split('?')[0];
  return method === 'GET' && !NEVER_THE_PAGE.test(path) && !/\.[a-z0-9]+$/i.test(path);
}
