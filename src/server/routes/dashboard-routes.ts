import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

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
    },
  });
});

/** Whether a request that matched no route should get the app's index.html (a deep link). */
export function isDeepLink(method: string, url: string): boolean {
  const path = url.split('?')[0];
  return method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
}
