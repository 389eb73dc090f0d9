import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { collect } from '../../test-support/collect-requests.js';
import { addKey, apiUrl, PROP_A } from '../../test-support/fixtures.js';
import { startChdbHttpBridge, type ChdbHttpBridge } from '../../test-support/chdb-http-bridge.js';
import type { Store } from '../store.js';
import { openClickhouseStoreFromUrl } from './clickhouse-store.js';

/**
 * Issue 11 item 8, over HTTP as against a real server: the bridge (test-support/chdb-http-bridge.ts)
 * is ClickHouse's HTTP interface in front of chDB, stopped and started again as a server would crash
 * and come back.
 */
describe('when the ClickHouse server goes away and comes back', () => {
  let bridge: ChdbHttpBridge;
  let store: Store;
  let app: FastifyInstance;
  let key: string;
  // Collect stamps events with the server's clock: the range is the days around now.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const summary = () =>
    app.inject({
      method: 'GET',
      url: apiUrl(`/properties/${PROP_A}/traffic/summary`, { start: day(-1), end: day(1) }),
      headers: { authorization: `Bearer ${key}` },
    });
  const pageview = (id: string) => ({
    type: 'pageview',
    property_id: PROP_A,
    visitor_id: `v${id}`,
    session_id: `s${id}`,
    path: '/',
    event_id: `event-${id}-0000`,
  });

  beforeAll(async () => {
    bridge = await startChdbHttpBridge();
    store = await openClickhouseStoreFromUrl(`${bridge.url}/faults`);
    await store.createProperty({ id: PROP_A, name: 'Site A', domain: 'a.example', timezone: 'UTC' });
    key = (await addKey(store, [PROP_A])).key;
    app = await buildApp({ store, rateLimitPerMinute: 100_000, countryOf: () => null });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await bridge.close();
  });

  it('answers 503 with Retry-After in the envelope, says why in /healthz, keeps nothing it did not store, and recovers without a restart', async () => {
    expect((await summary()).statusCode).toBe(200);
    expect((await collect(app, { events: [pageview('1')] })).status).toBe(202);

    await bridge.stop();
    const read = await summary();
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.json()).toMatchObject({ error: { code: 'internal_error', details: { reason: 'store_unavailable' } } });
    const refused = await collect(app, { events: [pageview('2')] });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', store: 'the ClickHouse server refuses connections' });

    await bridge.start();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // The page script sends the refused batch again (same event id): now it is kept, once.
    expect((await collect(app, { events: [pageview('2')] })).status).toBe(202);
    const after = await summary();
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ page_views: 2, unique_visitors: 2 });
  });
});
