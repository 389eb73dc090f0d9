import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import {
  addKey,
  createTestEnv,
  del,
  endpointPath,
  get,
  post,
  PROP_A,
  PROP_B,
  type TestEnv,
} from '../test-support/fixtures.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const listPath = endpointPath('savedFunnels');
const list = async (key = env.keys.a) => {
  const r = await get(env, key, listPath);
  expect(r.status).toBe(200);
  return endpoints.savedFunnels.response.parse(r.body).data;
};

describe('saved funnels', () => {
  it('creates (201), lists newest first, updates by id (200), deletes (200) and then 404s', async () => {
    expect(await list()).toEqual([]);

    const first = await post(env, env.keys.a, listPath, {
      name: 'Signup',
      steps: [{ page: '/' }, { page: '/signup' }],
    });
    expect(first.status).toBe(201);
    const created = endpoints.saveFunnel.response.parse(first.body);
    expect(created).toMatchObject({ name: 'Signup', steps: [{ page: '/' }, { page: '/signup' }] });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);

    await new Promise((r) => setTimeout(r, 5)); // distinct created_at for the ordering
    const second = await post(env, env.keys.a, listPath, { name: '  Pricing  ', steps: [{ page: '/pricing' }] });
    expect(second.status).toBe(201);
    expect(second.body.name).toBe('Pricing'); // trimmed
    expect((await list()).map((f) => f.id)).toEqual([second.body.id, created.id]);

    // every key of the property sees them
    expect((await list(env.keys.both)).map((f) => f.id)).toEqual([second.body.id, created.id]);

    const updated = await post(env, env.keys.a, listPath, {
      id: created.id,
      name: 'Signup v2',
      steps: [{ page: '/pricing' }, { page: '/signup' }],
    });
    expect(updated.status).toBe(200);
    expect(endpoints.saveFunnel.response.parse(updated.body)).toEqual({
      id: created.id,
      name: 'Signup v2',
      steps: [{ page: '/pricing' }, { page: '/signup' }],
      created_at: created.created_at,
    });
    expect((await list()).find((f) => f.id === created.id)?.name).toBe('Signup v2');

    const gone = await del(env, env.keys.a, endpointPath('deleteFunnel', { funnelId: created.id }));
    expect(gone.status).toBe(200);
    expect(endpoints.deleteFunnel.response.parse(gone.body)).toEqual({ id: created.id, deleted: true });
    expect((await list()).map((f) => f.id)).toEqual([second.body.id]);

    const again = await del(env, env.keys.a, endpointPath('deleteFunnel', { funnelId: created.id }));
    expect(again.status).toBe(404);
    expect(errorEnvelope.parse(again.body).error.code).toBe('not_found');
  });

  it('404s an update of an unknown id and creates nothing', async () => {
    const before = await list();
    const r = await post(env, env.keys.a, listPath, { id: 'fnl_doesnotexist', name: 'X', steps: [{ page: '/' }] });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'not_found', details: { field: 'id' } });
    expect(await list()).toEqual(before);
  });

  it("keeps each property's funnels to itself", async () => {
    const mine = await post(env, env.keys.a, listPath, { name: 'A only', steps: [{ page: '/' }] });
    expect(mine.status).toBe(201);
    const bPath = endpointPath('savedFunnels', { propertyId: PROP_B });
    const b = await get(env, env.keys.b, bPath);
    expect(b.body.data).toEqual([]);
    // site-b's key cannot update or delete it through site-b's routes: it does not exist there
    const upd = await post(env, env.keys.b, bPath, { id: mine.body.id, name: 'hijack', steps: [{ page: '/' }] });
    expect(upd.status).toBe(404);
    const rm = await del(env, env.keys.b, endpointPath('deleteFunnel', { propertyId: PROP_B, funnelId: mine.body.id }));
    expect(rm.status).toBe(404);
    expect((await list()).find((f) => f.id === mine.body.id)?.name).toBe('A only');
  });

  it('are read with metrics and written with configure: a metrics-only key cannot create, update or delete one', async () => {
    const metricsOnly = (await addKey(env.store, [PROP_A], ['metrics'])).key;
    const configureOnly = (await addKey(env.store, [PROP_A], ['configure'])).key;
    const mine = await post(env, env.keys.a, listPath, { name: 'Kept', steps: [{ page: '/' }] });
    const deletePath = endpointPath('deleteFunnel', { funnelId: mine.body.id });
    const before = await list();
    for (const refused of [
      await post(env, metricsOnly, listPath, { name: 'New', steps: [{ page: '/' }] }),
      await post(env, metricsOnly, listPath, { id: mine.body.id, name: 'Renamed', steps: [{ page: '/' }] }),
      await del(env, metricsOnly, deletePath),
    ]) {
      expect(refused.status).toBe(403);
      expect(errorEnvelope.parse(refused.body).error).toMatchObject({
        code: 'forbidden',
        message: 'this API key lacks the configure permission',
        details: { permission: 'configure' },
      });
    }
    expect(await list(metricsOnly)).toEqual(before);

    // configure alone writes them (reading stays metrics: 403 naming it)
    const renamed = await post(env, configureOnly, listPath, {
      id: mine.body.id,
      name: 'Renamed',
      steps: [{ page: '/' }],
    });
    expect(renamed.status).toBe(200);
    expect((await get(env, configureOnly, listPath)).body.error.details).toEqual({ permission: 'metrics' });
    expect((await del(env, configureOnly, deletePath)).status).toBe(200);
    expect((await list(metricsOnly)).some((f) => f.id === mine.body.id)).toBe(false);
  });
});

// Issue 13 §6: a funnel saved "In order" by device came back "Any order" with no breakdown.
describe('saved funnels keep their mode, breakdown and filters', () => {
  const full = {
    name: 'Pricing to signup',
    steps: [{ page: '/pricing' }, { page: '/signup' }],
    mode: 'sequential',
    breakdownBy: 'device',
    filters: [
      ['is', 'country', ['US', null]],
      ['contains', 'page', ['/blog']],
    ],
  };

  it('saves them, answers and lists them as sent, and the store reads them back decoded', async () => {
    const r = await post(env, env.keys.a, listPath, full);
    expect(r.status).toBe(201);
    const saved = endpoints.saveFunnel.response.parse(r.body);
    expect(saved).toEqual({ id: saved.id, ...full, created_at: saved.created_at });
    expect((await list()).find((f) => f.id === saved.id)).toEqual(saved);
    expect(await env.store.getSavedFunnel(PROP_A, saved.id)).toMatchObject({
      mode: 'sequential',
      breakdown_by: 'device',
      filters: [
        { op: 'is', dimension: 'country', values: ['US', null] },
        { op: 'contains', dimension: 'page', values: ['/blog'] },
      ],
    });
  });

  it('updates each one sent and keeps each one left out; null removes the breakdown, [] the filters', async () => {
    const { id } = (await post(env, env.keys.a, listPath, full)).body;
    const modeOnly = await post(env, env.keys.a, listPath, {
      id,
      name: full.name,
      steps: full.steps,
      mode: 'unbounded',
    });
    expect(modeOnly.status).toBe(200);
    expect(modeOnly.body).toMatchObject({ mode: 'unbounded', breakdownBy: 'device', filters: full.filters });

    const cleared = await post(env, env.keys.a, listPath, {
      id,
      name: 'Renamed',
      steps: full.steps,
      breakdownBy: null,
      filters: [],
    });
    expect(cleared.status).toBe(200);
    const body = endpoints.saveFunnel.response.parse(cleared.body);
    expect(body).toEqual({
      id,
      name: 'Renamed',
      steps: full.steps,
      mode: 'unbounded',
      filters: [],
      created_at: body.created_at,
    });
    expect((await list()).find((f) => f.id === id)).toEqual(body);

    const browser = await post(env, env.keys.a, listPath, {
      id,
      name: 'Renamed',
      steps: full.steps,
      breakdownBy: 'browser',
      filters: [['is_not', 'os', ['iOS']]],
    });
    expect(browser.body).toMatchObject({ breakdownBy: 'browser', filters: [['is_not', 'os', ['iOS']]] });
  });

  it("answers a seed client's funnel as the seed API does (no mode, breakdown or filters: unbounded, none, none), and its rename keeps the dashboard's choices", async () => {
    const seed = await post(env, env.keys.a, listPath, { name: 'Seed', steps: [{ page: '/' }] });
    expect(seed.status).toBe(201);
    expect(Object.keys(seed.body).sort()).toEqual(['created_at', 'id', 'name', 'steps']);
    expect(Object.keys((await list()).find((f) => f.id === seed.body.id)!).sort()).toEqual([
      'created_at',
      'id',
      'name',
      'steps',
    ]);

    const { id } = (await post(env, env.keys.a, listPath, full)).body;
    const renamed = await post(env, env.keys.a, listPath, {
      id,
      name: 'Renamed by a seed client',
      steps: [{ page: '/pricing' }],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed by a seed client',
      steps: [{ page: '/pricing' }],
      mode: 'sequential',
      breakdownBy: 'device',
      filters: full.filters,
    });
  });

  it.each([
    ['mode', { mode: 'random' }],
    ['breakdownBy', { breakdownBy: 'planet' }],
    ['filters', { filters: 'is country US' }],
    ['filters.0.1', { filters: [['is', 'planet', ['x']]] }],
    ['filters.0.0', { filters: [['equals', 'country', ['US']]] }],
    ['filters.0.2.0', { filters: [['contains', 'country', [null]]] }],
    ['filters.0.2', { filters: [['is', 'country', []]] }],
    ['filters', { filters: Array.from({ length: 11 }, () => ['is', 'country', ['US']]) }],
  ])('refuses a bad value with a 400 naming %s, and saves nothing', async (field, bad) => {
    const before = await list();
    const r = await post(env, env.keys.a, listPath, { name: 'Bad', steps: [{ page: '/' }], ...bad });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', details: { field, in: 'body' } });
    expect(await list()).toEqual(before);
  });
});
