import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../api-error.js';
import { FAILED_AUTH_PER_MINUTE } from './api-auth.js';
import type { AppMetrics } from './metrics-registry.js';
import { RateBudgets } from './rate-budgets.js';
import { requestFields } from './request-log.js';

export interface MetricsOptions {
  metrics: AppMetrics;
  /** METRICS_TOKEN: what a scraper sends as `Authorization: Bearer …`. */
  token: string;
  /** The clock (ms) failed tries' budgets refill by (tests fix it). */
  clock?: () => number;
}

// Compared as digests: equal lengths whatever was sent, so timingSafeEqual neither throws nor tells the length.
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN; buildApp registers it
 * only with a token, so without one the path is the not-found handler's 404 like any unknown one. Also
 * times every answered request for the registry. A scrape renders a few hundred lines, so only failed
 * tries need a budget (as API keys: 20 a minute per address, then 429).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const { metrics } = opts;
  const expected = digest(`Bearer ${opts.token}`);
  const failures = new RateBudgets(FAILED_AUTH_PER_MINUTE, 50_000, opts.clock);

  app.addHook('onResponse', async (request, reply) => {
    const { route } = requestFields(request);
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => metrics.close());

  app.get('/metrics', async (request, reply) => {
    const client = normalizeIP(request.ip);
    const wait = failures.waitSeconds(client);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new ApiError(429, 'rate_limited', `too many failed tries; retry in ${wait} s`, {
        retry_after_seconds: wait,
      });
    }
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      failures.charge(client, 1);
      reply.header('www-authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized', 'send Authorization: Bearer <METRICS_TOKEN>');
    }
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
});
