import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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

const pathOf = (url: string) => url.split('?', 1)[0];

/**
 * One CORS registration for the whole server: @fastify/cors adds a global `OPTIONS *` route, so a
 * second registration would collide. The policy is chosen per request by path. Registered before the
 * auth plugins, so a preflight (which never carries the key) is answered before a 401 could be.
 */
export const corsPlugin = fp(async (app: FastifyInstance, opts: { apiPrefix: string }) => {
  const policyFor = (request: FastifyRequest): FastifyCorsOptions => {
    const path = pathOf(request.url);
    if (path === '/api/collect') return COLLECT;
    if (path === opts.apiPrefix || path.startsWith(`${opts.apiPrefix}/`)) return EXTERNAL_API;
    return SAME_ORIGIN;
  };
  await app.register(cors, {
    delegator: (request, callback) => callback(null, policyFor(request as FastifyRequest)),
  });
});
