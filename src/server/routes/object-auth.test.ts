import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPermissions, type KeyPermission } from '../../contract/admin.js';
import { errorEnvelope } from '../../contract/common.js';
import { API_PREFIX, endpoints, type Endpoint } from '../../contract/endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { addKey, apiUrl, createTestEnv, PROP_A, PROP_B, type TestEnv } from '../test-support/fixtures.js';
import { loadMarchDataset } from '../test-support/march-dataset.js';

let env: TestEnv;
/** Keys for site-a holding exactly one permission. */
const only: Record<KeyPermission, string> = { metrics: '', experiments: '', configure: '' };
beforeAll(async () => {
  env = await createTestEnv();
  await loadMarchDataset(env.store);
  for (const p of keyPermissions) only[p] = (await addKey(env.store, [PROP_A], [p])).key;
});
afterAll(() => env.close());

// A query every endpoint accepts (each takes what it needs), so a 403 is about the key alone.
const query = { start: '2026-03-06', end: '2026-03-10', page: '/', steps: JSON.stringify([{ page: '/' }]) };
const bodies: Partial<Record<string, unknown>> = {
  saveFunnel: { name: 'Probe', steps: [{ page: '/' }] },
  createSplitTest: {
    name: 'Probe',
    page: '/',
    type: 'nocode',
    variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'x' }] }],
  },
  updateSplitTest: { name: 'Probe' },
  // Goal names are unique per property: each call makes its own.
  createGoal: () => ({ name: `Probe ${++goals}`, kind: 'form' }),
};
let goals = 0;
/** Routes naming an object by id get a probe id that does not exist: past authorization, they answer 404. */
// Probed with ids that don't exist, or (recommendations) a page without data in the last 30 days:
// the key's own property gets a 404, another property's key a 403.
const probed = (e: Endpoint) =>
  /\{(funnelId|experimentId|goalId)\}/.test(e.path) || e.path.endsWith('/split-test-recommendations');
const table = Object.entries(endpoints) as [string, Endpoint][];

async function call(name: string, e: Endpoint, propertyId: string, key: string) {
  const ids: Record<string, string> = {
    propertyId,
    funnelId: 'fnl_probe',
    experimentId: 'exp_probe',
    goalId: 'gol_probe',
  };
  const path = fillPath(e.path, (name) => ids[name] ?? `{${name}}`);
  const res = await env.app.inject({
    method: e.method,
    url: e.method === 'GET' ? apiUrl(path, query) : apiUrl(path),
    headers: { authorization: `Bearer ${key}` },
    ...(bodies[name]
      ? {
          payload: (typeof bodies[name] === 'function' ? (bodies[name] as () => unknown)() : bodies[name]) as Record<
            string,
            unknown
          >,
        }
      : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('every property-scoped route refuses a key of another property', () => {
  it('covers GET, POST, PATCH and DELETE routes', () => {
    expect(new Set(table.map(([, e]) => e.method))).toEqual(new Set(['GET', 'POST', 'PATCH', 'DELETE']));
    expect(table.every(([, e]) => e.path.startsWith('/properties/{propertyId}/'))).toBe(true);
  });

  it.each(table)('%s', async (name, e) => {
    // site-b's key on site-a, and site-a's key on site-b
    for (const [propertyId, key] of [
      [PROP_A, env.keys.b],
      [PROP_B, env.keys.a],
    ]) {
      const r = await call(name, e, propertyId, key);
      expect(r.status, `${e.method} ${e.path} on ${propertyId}`).toBe(403);
      expect(errorEnvelope.parse(r.body).error).toMatchObject({
        code: 'forbidden',
        details: { field: 'propertyId', property_ids: [propertyId] },
      });
    }
    // the key without any permission, on its own property
    const none = await call(name, e, PROP_A, env.keys.none);
    expect(none.status).toBe(403);
    expect(errorEnvelope.parse(none.body).error).toMatchObject({
      code: 'forbidden',
      details: { permission: e.permission ?? 'metrics' },
    });
    // the right key gets past authorization (a probe id: 404, no such object)
    const own = await call(name, e, PROP_A, env.keys.a);
    expect(own.status, JSON.stringify(own.body)).toBe(probed(e) ? 404 : (e.status ?? 200));
  });

  it.each(table.filter(([, e]) => e.aggregatePath))('aggregate of %s', async (_name, e) => {
    for (const [ids, key] of [
      [[PROP_A], env.keys.b],
      [[PROP_B, PROP_A], env.keys.b],
      [[PROP_A], env.keys.none],
    ] as [string[], string][]) {
      const res = await env.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${e.aggregatePath}?start=2026-03-06&end=2026-03-10`,
        payload: { propertyIds: ids },
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.statusCode, `${e.aggregatePath} ${ids.join()}`).toBe(403);
      expect(errorEnvelope.parse(res.json()).error.code).toBe('forbidden');
    }
  });
});

describe('every property-scoped route needs its permission (split-test writes: experiments; goal and saved-funnel writes: configure; the rest: metrics)', () => {
  it('asks experiments of exactly the split-test writes', () => {
    // create, update, stop; archive, restore and delete since issue 13 §13
    expect(
      table
        .filter(([, e]) => e.permission === 'experiments')
        .map(([n]) => n)
        .sort(),
    ).toEqual([
      'archiveSplitTest',
      'createSplitTest',
      'deleteSplitTest',
      'restoreSplitTest',
      'stopSplitTest',
      'updateSplitTest',
    ]);
  });

  it('asks configure of exactly the goal and saved-funnel writes, so metrics only reads', () => {
    expect(
      table
        .filter(([, e]) => e.permission === 'configure')
        .map(([n]) => n)
        .sort(),
    ).toEqual(['createGoal', 'deleteFunnel', 'deleteGoal', 'saveFunnel']);
    expect(table.filter(([, e]) => e.method !== 'GET' && (e.permission ?? 'metrics') === 'metrics')).toEqual([]);
  });

  it.each(table)('%s', async (name, e) => {
    const needed = e.permission ?? 'metrics';
    // a key of the property holding any one other permission (a metrics key on a write, above all)
    for (const other of keyPermissions.filter((p) => p !== needed)) {
      const refused = await call(name, e, PROP_A, only[other]);
      expect(refused.status, `${e.method} ${e.path} with ${other}`).toBe(403);
      expect(errorEnvelope.parse(refused.body).error).toMatchObject({
        code: 'forbidden',
        message: `this API key lacks the ${needed} permission`,
        details: { permission: needed },
      });
    }
    // the one it needs is enough
    const allowed = await call(name, e, PROP_A, only[needed]);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(probed(e) ? 404 : (e.status ?? 200));
  });

  it.each(table.filter(([, e]) => e.aggregatePath))('aggregate of %s needs metrics', async (_name, e) => {
    const inject = (key: string) =>
      env.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${e.aggregatePath}?start=2026-03-06&end=2026-03-10`,
        payload: { propertyIds: [PROP_A] },
        headers: { authorization: `Bearer ${key}` },
      });
    for (const key of [only.experiments, only.configure]) {
      const refused = await inject(key);
      expect(refused.statusCode).toBe(403);
      expect(errorEnvelope.parse(refused.json()).error.details).toMatchObject({ permission: 'metrics' });
    }
    expect((await inject(only.metrics)).statusCode).toBe(200);
  });
});
