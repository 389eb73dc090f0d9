import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import { createTestEnv, del, endpointPath, get, post, PROP_B, type TestEnv } from '../test-support/fixtures.js';

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

    const first = await post(env, env.keys.a, listPath, { name: 'Signup', steps: [{ page: '/' }, { page: '/signup' }] });
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

    const updated = await post(env, env.keys.a, listPath, { id: created.id, name: 'Signup v2', steps: [{ page: '/pricing' }, { page: '/signup' }] });
    expect(updated.status).toBe(200);
    expect(endpoints.saveFunnel.response.parse(updated.body)).toEqual({
      id: created.id, name: 'Signup v2', steps: [{ page: '/pricing' }, { page: '/signup' }], created_at: created.created_at,
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
});
