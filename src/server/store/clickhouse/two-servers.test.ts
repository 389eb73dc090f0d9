import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints.js';
import { buildApp } from '../../app.js';
import { issueSignInToken } from '../../auth/sign-in.js';
import { startChdbHttpBridge, type ChdbHttpBridge } from '../../test-support/chdb-http-bridge.js';
import { addKey, apiUrl, endpointPath, PROP_A } from '../../test-support/fixtures.js';
import type { Store } from '../store.js';
import { openClickhouseStoreFromUrl } from './clickhouse-store.js';

/**
 * Issue 11 item 4: two Sightline servers over one ClickHouse (through its HTTP interface, as deployed
 * behind a load balancer) behave as one. Each server has its own store object and app, so nothing
 * held in one process can make the other look right.
 */
describe('two servers over one ClickHouse', () => {
  let bridge: ChdbHttpBridge;
  const stores: Store[] = [];
  const apps: FastifyInstance[] = [];
  let key: { key: string; record: { id: string } };

  const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    app.inject({
      method,
      url: apiUrl(path),
      headers: { authorization: `Bearer ${key.key}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  beforeAll(async () => {
    bridge = await startChdbHttpBridge();
    for (let i = 0; i < 2; i++) {
      const store = await openClickhouseStoreFromUrl(`${bridge.url}/shared`);
      stores.push(store);
      const app = await buildApp({ store, rateLimitPerMinute: 100_000, countryOf: () => null });
      await app.ready();
      apps.push(app);
    }
    await stores[0].createProperty({ id: PROP_A, name: 'Site A', domain: 'a.example', timezone: 'UTC' });
    key = await addKey(stores[0], [PROP_A]);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await bridge.close();
  });

  it('see the same properties, saved funnels and split tests', async () => {
    const [a, b] = apps;
    const saved = await call(a, 'POST', endpointPath('saveFunnel'), {
      name: 'Signup',
      steps: [{ page: '/' }, { page: '/signup' }],
    });
    expect(saved.statusCode).toBe(201);
    const listed = endpoints.savedFunnels.response.parse((await call(b, 'GET', endpointPath('savedFunnels'))).json());
    expect(listed.data.map((f) => f.name)).toEqual(['Signup']);

    const created = await call(b, 'POST', endpointPath('splitTests'), {
      name: 'Headline',
      page: '/pricing',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hi' }] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().experiment_id as string;
    expect((await call(a, 'GET', endpointPath('splitTest', { experimentId: id }))).json()).toMatchObject({
      name: 'Headline',
      status: 'active',
    });
    // Stopped on one server: complete on the other, and a second stop is refused there.
    expect((await call(a, 'POST', endpointPath('stopSplitTest', { experimentId: id }), {})).statusCode).toBe(200);
    expect((await call(b, 'GET', endpointPath('splitTest', { experimentId: id }))).json()).toMatchObject({
      status: 'complete',
    });
    expect((await call(b, 'POST', endpointPath('stopSplitTest', { experimentId: id }), {})).statusCode).toBe(409);

    const deleted = await call(b, 'DELETE', endpointPath('deleteFunnel', { funnelId: saved.json().id }));
    expect(deleted.statusCode).toBe(200);
    expect(
      endpoints.savedFunnels.response.parse((await call(a, 'GET', endpointPath('savedFunnels'))).json()).data,
    ).toEqual([]);
  });

  it('auto-stop a test once, whichever server gets there first', async () => {
    const created = new Date(Date.now() - 3 * 86_400_000);
    await stores[0].createExperiment({
      id: 'exp_autostoprace1',
      property_id: PROP_A,
      name: 'Race',
      page: '/',
      type: 'nocode',
      goal: 'click_through',
      goal_target: null,
      auto_stop_days: 1,
      status: 'active',
      created_at: created,
      stopped_at: null,
      reason: null,
      variants: [
        { label: 'Control', changes: [] },
        { label: 'Variant B', changes: [{ selector: 'h1', op: 'text', value: 'x' }] },
      ],
    });
    const now = new Date();
    const [first, second] = await Promise.all(stores.map((s) => s.autoStopExperiments(now, PROP_A)));
    expect([...first, ...second].map((e) => e.id)).toEqual(['exp_autostoprace1']);
    const [onA, onB] = await Promise.all(stores.map((s) => s.getExperiment(PROP_A, 'exp_autostoprace1')));
    expect(onA).toEqual(onB);
    expect(onA?.status).toBe('complete');
  });

  it('honour a sign-in link once, even when both get it at the same moment', async () => {
    const token = await issueSignInToken(stores[0]);
    const answers = await Promise.all(apps.map((app) => app.inject({ method: 'GET', url: `/sign-in?token=${token}` })));
    const signedIn = answers.filter((r) => /sl_session=/.test(String(r.headers['set-cookie'] ?? '')));
    expect(signedIn).toHaveLength(1);
    // The session it opened is valid on the other server too.
    const cookie = String(signedIn[0].headers['set-cookie']).split(';')[0];
    for (const app of apps)
      expect((await app.inject({ method: 'GET', url: '/api/admin/v1/session', headers: { cookie } })).statusCode).toBe(
        200,
      );
  });

  it('refuse a key on every server within 5 s of its revocation on one', async () => {
    const summary = (app: FastifyInstance) =>
      call(app, 'GET', `/properties/${PROP_A}/traffic/summary?start=2026-03-01&end=2026-03-31`);
    // Both now hold the key in their look-up caches.
    for (const app of apps) expect((await summary(app)).statusCode).toBe(200);
    const revokedAt = Date.now();
    expect(await stores[0].revokeApiKey(key.record.id, new Date())).toBe(true);
    const refusedAfter = await Promise.all(
      apps.map(async (app) => {
        while (Date.now() - revokedAt < 6_000) {
          if ((await summary(app)).statusCode === 401) return Date.now() - revokedAt;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return Infinity;
      }),
    );
    for (const ms of refusedAfter) expect(ms).toBeLessThanOrEqual(5_250);
  });
});
