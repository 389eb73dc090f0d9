import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.js';
import { createTestEnv, endpointPath, post, PROP_A, type TestEnv } from '../test-support/fixtures.js';

// `/sightline.js?p=ID` under many downloads at once, through the whole app (its store and the API).
let env: TestEnv;
const reads: string[] = [];
beforeAll(async () => {
  env = await createTestEnv({
    wrapStore: (store: Store) =>
      Object.assign(Object.create(store) as Store, {
        activeExperiments: (propertyId: string) => {
          reads.push(propertyId);
          return store.activeExperiments(propertyId);
        },
      }),
  });
});
afterAll(() => env.close());

const download = () =>
  env.app.inject({ url: `/sightline.js?p=${PROP_A}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
const experimentIds = (body: string) => [...body.matchAll(/"id":"(exp_\w+)"/g)].map((m) => m[1]);

describe('GET /sightline.js?p=ID in the app', () => {
  it('serves 32 downloads at once from one read of the store', async () => {
    const created = await post(env, env.keys.a, endpointPath('createSplitTest'), {
      name: 'Hero',
      page: '/',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'main', op: 'html', value: '<p>Hello</p>'.repeat(1_500) }] }],
    });
    expect(created.status).toBe(201);
    reads.length = 0;
    const all = await Promise.all(Array.from({ length: 32 }, download));
    expect(all.every((r) => r.statusCode === 200 && r.headers['content-encoding'] === 'br')).toBe(true);
    expect(new Set(all.map((r) => r.headers.etag)).size).toBe(1);
    expect(reads).toEqual([PROP_A]);
    // The 18 KB change (and the script) travel as a fraction of their size.
    const identity = await env.app.inject({ url: `/sightline.js?p=${PROP_A}` });
    expect(all[0].rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
  });

  it('carries a test created or stopped through the API on the very next download', async () => {
    const before = experimentIds((await env.app.inject({ url: `/sightline.js?p=${PROP_A}` })).body);
    const created = await post(env, env.keys.a, endpointPath('createSplitTest'), {
      name: 'Button',
      page: '/pricing',
      type: 'nocode',
      variants: [{ changes: [{ selector: '#cta', op: 'text', value: 'Start now' }] }],
    });
    const id = created.body.experiment_id as string;
    const withIt = experimentIds((await env.app.inject({ url: `/sightline.js?p=${PROP_A}` })).body);
    expect(withIt).toEqual([...before, id]);

    expect((await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: id }), {})).status).toBe(200);
    expect(experimentIds((await env.app.inject({ url: `/sightline.js?p=${PROP_A}` })).body)).toEqual(before);
  });
});
