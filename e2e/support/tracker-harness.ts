import Fastify from 'fastify';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { eventSchema } from '../../src/contract/events.js';
import { demoSiteRoutes } from '../../src/server/routes/demo-site-routes.js';
import { buildTracker } from '../../src/server/tracker/build-tracker.js';

/** An event as the fake collector received it (the tracker's wire format). */
export type Received = Record<string, unknown> & { type: string; path: string; visitor_id: string; session_id: string };

export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';
// Without AutomationControlled, navigator.webdriver is false: the page sees an ordinary browser.
export const PERSON_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-blink-features=AutomationControlled',
];
const siteDir = fileURLToPath(new URL('../../src/server/demo/site/', import.meta.url));

/**
 * A tiny stand-in for the real server: the built tracker at /sightline.js, the demo site, and a
 * collector that records what it accepts and can be told to fail the next requests.
 */
export async function startHarness() {
  const events: Received[] = [];
  const seen = new Set<string>();
  const attempts: number[] = [];
  const batches: Received[][] = [];
  const failures: number[] = [];
  let retryAfter: string | null = null;
  const tracker = await buildTracker();
  const app = Fastify();
  await app.register(demoSiteRoutes, { dir: siteDir });
  app.get('/sightline.js', (_request, reply) => reply.type('text/javascript').send(tracker));
  app.post('/api/collect', async (request, reply) => {
    const status = failures.shift() ?? 202;
    attempts.push(status);
    if (status === 429 && retryAfter) reply.header('retry-after', retryAfter);
    if (status !== 202)
      return reply.status(status).send({ error: { code: 'internal_error', message: 'told to fail', details: {} } });
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
    const batch: Received[] = Array.isArray(body?.events) ? body.events : [body];
    for (const e of batch) {
      // What the real collector will check; snapshot is not in the contract's enum yet.
      const check = eventSchema.safeParse(e.type === 'snapshot' ? { ...e, type: 'pageview', elements: undefined } : e);
      if (!check.success)
        return reply
          .status(400)
          .send({ error: { code: 'invalid_request', message: check.error.message, details: {} } });
    }
    // As the real collector does, an event sent again (same event_id: a delivery the tracker saw no
    // answer to, resent) is kept once; under load a resend had made a test see a click twice.
    const idOf = (e: Received) => (typeof e.event_id === 'string' ? e.event_id : null);
    events.push(...batch.filter((e) => idOf(e) === null || !seen.has(idOf(e)!)));
    for (const e of batch) if (idOf(e) !== null) seen.add(idOf(e)!);
    batches.push(batch);
    return reply.status(202).send({ accepted: batch.length });
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });

  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  return {
    origin,
    events,
    /** The events of each accepted request. */
    batches,
    /** Status of every collect request, failed ones included. */
    attempts,
    /** The next collect requests answer these statuses, in order. */
    fail: (...statuses: number[]) => failures.push(...statuses),
    /** The Retry-After header (seconds) of the 429s it is told to answer. */
    retryAfter: (seconds: string | null) => (retryAfter = seconds),
    /** A fresh browser profile that looks like a person's Chrome. */
    async person(options: Parameters<Browser['newContext']>[0] = {}) {
      browser ??= await chromium.launch({ executablePath: '/usr/bin/chromium', args: PERSON_ARGS });
      const context = await browser.newContext({ userAgent: CHROME_UA, ...options });
      contexts.push(context);
      return context;
    },
    /** Closes the test's browser profiles and forgets what was collected. */
    async reset() {
      for (const c of contexts.splice(0)) await c.close();
      // What the pages send as they close lands now, not in the next test (where it took its failures).
      await pause(300);
      events.length = batches.length = attempts.length = failures.length = 0;
      retryAfter = null;
    },
    async close() {
      await browser?.close();
      await app.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/**
 * Waits until `find` returns something, polling; fails with `what` after `ms`. 15 s: a beacon from a
 * page being left waits for the browser to hand it on, which took over 8 s once with two workers, each
 * with Chromium and a store, on a 2-core machine. A wait that holds returns at once.
 */
export async function until<T>(what: string, find: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first collected event of `type` on `path` (and matching `extra`), waiting for it to arrive. */
export function eventOf(h: Harness, type: string, path: string, extra: (e: Received) => boolean = () => true) {
  return until(`${type} on ${path}`, () => h.events.find((e) => e.type === type && e.path === path && extra(e)));
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
