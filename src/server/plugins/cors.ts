import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's CORS policy: @fastify/cors reads it, but its types do not declare it. */
    cors?: FastifyCorsOptions | false;
  }
}

/** Page scripts on any site post their events here; no credentials are involved. */
// Retry-After exposed: the page script reads it from a 429 to hold its events back that long.
const COLLECT: FastifyCorsOptions = {
  origin: '*',
  methods: ['POST', 'OPTIONS'],
  exposedHeaders: ['retry-after'],
  maxAge: 86_400,
};

/**
 * A dashboard on another origin reads the API with a bearer key. `*` never lets a browser attach
 * cookies (credentials stay off), so the admin session cannot ride along cross-site.
 */
const EXTERNAL_API: FastifyCorsOptions = {
  origin: '*',
  methods: ['GET', 'POST', 'PATCH', 'DELETE'],
  allowedHeaders: ['authorization', 'content-type'],
  exposedHeaders: ['retry-after'],
  credentials: false,
  maxAge: 600,
};

/** Everything else (the admin API, sign-in, the dashboard's files) is same-origin only. */
const SAME_ORIGIN: FastifyCorsOptions = { origin: false };

/** The policy of a route, by its path. */
function policyOf(path: string, apiPrefix: string): FastifyCorsOptions {
  if (path === '/api/collect') return COLLECT;
  if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) return EXTERNAL_API;
  return SAME_ORIGIN;
}

/**
 * One CORS registration for the whole server: @fastify/cors adds a global `OPTIONS *` route, so a
 * second registration would collide. Registered before the auth plugins, so a preflight (which never
 * carries the key) is answered before a 401 could be.
 *
 * Each route gets its policy from its path when it is added (the library's per-route `config.cors`),
 * not per request: a delegator had the library normalize the options again at every request, 3% of
 * collect's main thread. The routes registered after this plugin are the ones that get it.
 */
export const corsPlugin = fp(async (app: FastifyInstance, opts: { apiPrefix: string }) => {
  app.addHook('onRoute', (route) => {
    const policy = policyOf(route.url, opts.apiPrefix);
    if (policy !== SAME_ORIGIN) route.config = { ...route.config, cors: policy };
  });
  await app.register(cors, SAME_ORIGIN);
  // Preflights reach the library's `OPTIONS *` route, which has the same-origin policy; these two
  // routes carry collect's and the API's (the library's hook answers them before the handler runs).
  const preflight = async (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
  app.options('/api/collect', preflight);
  app.options(`${opts.apiPrefix}/*`, preflight);
  // A path under the API that no route has gets no policy from a route, yet another origin must still
  // read its answer (the 401 or 404 envelope) rather than see a network error: the API's headers.
  const exposed = [EXTERNAL_API.exposedHeaders].flat().join(', ');
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && policyOf(request.url.split('?', 1)[0], opts.apiPrefix) === EXTERNAL_API)
      reply.header('access-control-allow-origin', EXTERNAL_API.origin).header('access-control-expose-headers', exposed);
  });
});
