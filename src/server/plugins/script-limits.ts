import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../api-error.js';
import { RateBudgets } from './rate-budgets.js';

/** The public reads a customer's page makes: the page script and its split-test config. */
const SCRIPT_PATHS = new Set(['/sightline.js', '/api/tracker/config']);

/**
 * Per client address (an IPv6 client's /64), the page script and its config: public by nature, so a
 * budget keeps one client from taking the server's time, as collect's does. Generous: browsers cache
 * both for a minute or more, so even a large office behind one address stays far below it.
 */
interface ScriptLimitsOptions {
  perMinute: number;
  /** The clock the budgets refill by (tests fix it). */
  clock?: () => number;
}

export const scriptLimitsPlugin = fp(async (app: FastifyInstance, opts: ScriptLimitsOptions) => {
  const budgets = new RateBudgets(opts.perMinute, 50_000, opts.clock);
  app.addHook('onRequest', async (request, reply) => {
    if (!SCRIPT_PATHS.has(request.url.split('?', 1)[0])) return;
    const client = normalizeIP(request.ip);
    const wait = budgets.waitSeconds(client);
    if (wait > 0) {
      reply.header('retry-after', String(wait)).header('access-control-allow-origin', '*');
      throw new ApiError(
        429,
        'rate_limited',
        `too many script requests from this address (at most ${opts.perMinute} a minute); retry in ${wait} s`,
        {
          limit: opts.perMinute,
          retry_after_seconds: wait,
          scope: 'client',
        },
      );
    }
    budgets.charge(client, 1);
  });
});
