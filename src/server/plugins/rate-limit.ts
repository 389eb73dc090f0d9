import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashKey } from '../auth/api-keys.js';
import { ApiError } from '../api-error.js';
import { sessionIdOf } from './admin-auth.js';

/**
 * Whose budget a request spends: the authenticated key's id (however its header was spelled), the
 * signed-in account (or the printed link's session), or, for the few API routes that need no key, the client address (an IPv6 client's
 * /64, which one subscriber holds whole).
 */
function budgetKey(request: FastifyRequest): string {
  // A signed-in person is the account, in every browser at once; the printed link's session is itself.
  if (request.admin && request.adminAccount) return `account:${request.adminAccount.id}`;
  if (request.admin) return `session:${hashKey(sessionIdOf(request.headers.cookie) ?? '')}`;
  if (request.apiKey) return `key:${request.apiKey.id}`;
  return `ip:${normalizeIP(request.ip)}`;
}

/**
 * Per-key request budget per minute on the API. It runs as a preHandler, after api-auth's onRequest
 * hook has resolved the key: keyed on the header's text, `bearer K` and `Bearer  K` were each a fresh
 * budget. Failed authentications never get here; api-auth limits those per address.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { perMinute: number; prefix: string }) => {
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    allowList: (request) => !request.url.startsWith(opts.prefix),
    max: opts.perMinute,
    timeWindow: 60_000,
    keyGenerator: budgetKey,
    errorResponseBuilder: (_request, context) => {
      return new ApiError(
        429,
        'rate_limited',
        `rate limit of ${context.max} requests per minute exceeded; retry in ${Math.ceil(context.ttl / 1000)} s`,
        {
          limit: context.max,
          retry_after_seconds: Math.ceil(context.ttl / 1000),
        },
      );
    },
  });
});
