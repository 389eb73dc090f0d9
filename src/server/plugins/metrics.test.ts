import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Store } from '../store/store.js';
import { aroundToday, collect, pageview } from '../test-support/collect-requests.js';
import { BOT_UA, createTestEnv, get, type TestEnv } from '../test-support/fixtures.js';
import { parsePrometheusText, sampleValue } from '../test-support/prometheus-text.js';
import { VERSION } from '../version.js';

// Issue 44 §4: GET /metrics in Prometheus' text format for a scraper holding METRICS_TOKEN, parsed by
// the format's rules (test-support/prometheus-text.ts), with figures counted by hand from the requests.

const TOKEN = 'scrape-token-0123456789abcdef';
const SUMMARY_ROUTE = '/api/external/v1/properties/:propertyId/traffic/summary';

let env: TestEnv;
let app: FastifyInstance;
beforeEach(async () => {
  env = await createTestEnv();
  app = await buildApp({ store: env.store, metricsToken: TOKEN, clock: () => 0 });
});
afterEach(async () => {
  await app.close();
  await env.close();
});

const scrapeAs = (authorization?: string) =>
  app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

async function scrape() {
  const res = await scrapeAs(`Bearer ${TOKEN}`);
  expect(res.statusCode, res.body).toBe(200);
  return parsePrometheusText(res.body);
}

describe('GET /metrics', () => {
  it('is a 404 in the envelope without METRICS_TOKEN, never the dashboard, even with a bearer token', async () => {
    const res = await env.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('answers 401 in the envelope to no token, a wrong one, or the right one not as a bearer; 200 to the right one', async () => {
    for (const header of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`, `bearer  ${TOKEN}`]) {
      const res = await scrapeAs(header);
      expect([header, res.statusCode, res.headers['www-authenticate']]).toEqual([header, 401, 'Bearer']);
      expect(res.json().error.code).toBe('unauthorized');
    }
    const ok = await scrapeAs(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(ok.body).not.toContain(TOKEN);
  });

  it('stops answering an address after 20 failed tries a minute (429), while the token still works from elsewhere', async () => {
    const from = (ip: string, authorization: string) =>
      app.inject({ url: '/metrics', remoteAddress: ip, headers: { authorization } });
    for (let i = 0; i < 20; i++) expect((await from('203.0.113.9', 'Bearer guess')).statusCode).toBe(401);
    const blocked = await from('203.0.113.9', `Bearer ${TOKEN}`);
    expect([blocked.statusCode, blocked.json().error.code]).toEqual([429, 'rate_limited']);
    expect((await from('198.51.100.4', `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('counts requests by route template and status, and collected events by outcome and reason', async () => {
    // Collect: 1 page view kept, a bot's, a resend of the kept one, a batch of two with one bad event
    // (both refused), an event for a property nobody made; then a report read.
    const sent = [
      await collect(app, pageview({ event_id: 'evt-00000001' })),
      await collect(app, pageview(), { userAgent: BOT_UA }),
      await collect(app, pageview({ event_id: 'evt-00000001' })),
      await collect(app, { events: [pageview(), pageview({ path: 42 })] }),
      await collect(app, pageview({ property_id: 'nobody-made-this' })),
    ];
    expect(sent.map((r) => r.status)).toEqual([202, 202, 202, 400, 400]);
    const summary = await get({ ...env, app }, env.keys.a, '/properties/site-a/traffic/summary', aroundToday());
    expect(summary.body.data.page_views).toBe(1);

    const families = await scrape();
    const events = (outcome: string, reason: string) =>
      sampleValue(families, 'collect_events_total', { outcome, reason });
    expect(events('accepted', 'stored')).toBe(1);
    expect(events('refused', 'bot')).toBe(1);
    expect(events('refused', 'duplicate')).toBe(1);
    expect(events('refused', 'invalid')).toBe(2);
    expect(events('refused', 'unknown_property')).toBe(1);
    for (const reason of ['snapshot_skipped', 'too_large', 'rate_limited', 'unavailable', 'error'])
      expect(events('refused', reason)).toBe(0);

    const requests = (route: string, method: string, status: string) =>
      sampleValue(families, 'http_requests_total', { route, method, status });
    expect(requests(SUMMARY_ROUTE, 'GET', '200')).toBe(1);
    expect(requests('/api/collect', 'POST', '202')).toBe(3);
    expect(requests('/api/collect', 'POST', '400')).toBe(2);
    const collectTimes = { route: '/api/collect', method: 'POST' };
    expect(sampleValue(families, 'http_request_duration_seconds_count', collectTimes)).toBe(5);
    expect(sampleValue(families, 'http_request_duration_seconds_bucket', { ...collectTimes, le: '+Inf' })).toBe(5);
    // The scrape counts itself only once answered: the next one shows it.
    expect(sampleValue(await scrape(), 'http_requests_total', { route: '/metrics', status: '200' })).toBe(1);

    const store = env.store.operations!.store;
    expect(sampleValue(families, 'sightline_info', { version: VERSION, store })).toBe(1);
    // The report's reads, and the write of the kept event that the first of them waited for.
    expect(sampleValue(families, 'store_query_duration_seconds_count', { store, kind: 'read' })).toBeGreaterThan(0);
    expect(sampleValue(families, 'store_query_duration_seconds_count', { store, kind: 'write' })).toBeGreaterThan(0);
    expect(families.get('process_cpu_seconds_total')?.type).toBe('counter');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
  });

  it('counts a body over the size cap as refused too_large, and a sender over its budget as rate_limited', async () => {
    const limited = await buildApp({
      store: env.store,
      metricsToken: TOKEN,
      collectLimits: { perClientPerMinute: 1, perPropertyPerMinute: 0 },
      clock: () => 0,
    });
    try {
      expect((await collect(limited, pageview())).status).toBe(202);
      expect((await collect(limited, pageview())).status).toBe(429);
      const big = await collect(app, null, { raw: JSON.stringify(pageview({ path: `/${'x'.repeat(2_000_000)}` })) });
      expect(big.status).toBe(413);
      const scraped = await limited.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const families = parsePrometheusText(scraped.body);
      expect(sampleValue(families, 'collect_events_total', { reason: 'rate_limited' })).toBe(1);
      expect(sampleValue(await scrape(), 'collect_events_total', { reason: 'too_large' })).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('keeps its labels bounded: 100 made-up URLs are one not_found series', async () => {
    for (let i = 0; i < 100; i++)
      await app.inject({ url: `/no/such/${Math.random().toString(36).slice(2)}?token=${i}`, method: 'GET' });
    const families = await scrape();
    const routes = new Set(families.get('http_requests_total')!.samples.map((s) => s.labels.route));
    expect(routes).toEqual(new Set(['not_found']));
    expect(sampleValue(families, 'http_requests_total', { route: 'not_found', status: '404' })).toBe(100);
  });

  it('reports the store’s write queue and the age of its oldest event at each scrape', async () => {
    let queue = { events: 0, oldestSeconds: 0 };
    const store: Store = {
      ...env.store,
      operations: { ...env.store.operations!, writeQueue: () => queue },
    };
    const other = await buildApp({ store, metricsToken: TOKEN });
    try {
      const read = async () => {
        const res = await other.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        const families = parsePrometheusText(res.body);
        return [
          sampleValue(families, 'store_write_queue_events'),
          sampleValue(families, 'store_write_queue_oldest_seconds'),
        ];
      };
      expect(await read()).toEqual([0, 0]);
      queue = { events: 1200, oldestSeconds: 2.5 };
      expect(await read()).toEqual([1200, 2.5]);
    } finally {
      await other.close();
    }
  });

  it('/healthz names the release', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', version: VERSION });
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('takes METRICS_TOKEN only long enough to resist guessing', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    for (const bad of ['short', 'has a space in it 0123456789'])
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN/);
  });
});
