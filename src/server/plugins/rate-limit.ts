import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hashKey } from '../auth/api-keys.js';
import { ApiError } from '../errors.js';

/** Per-key request budget per minute on the API (anonymous callers are limited per address). */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { perMinute: number; prefix: string }) => {
  await app.register(rateLimit, {
    global: true,
    allowList: (request) => !request.url.startsWith(opts.prefix),
    max: opts.perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const auth = request.headers.authorization;
      return typeof auth === 'string' ? `key:${hashKey(auth)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => {
      return new ApiError(429, 'rate_limited', `rate limit of ${context.max} requests per minute exceeded; retry in ${Math.ceil(context.ttl / 1000)} s`, {
        limit: context.max,
        retry_after_seconds: Math.ceil(context.ttl / 1000),
      });
    },
  });
});
