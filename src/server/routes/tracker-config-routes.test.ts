import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { trackerConfigResponse } from '../../contract/experiments.js';
import { createTestEnv, endpointPath, post, PROP_A, PROP_B, type TestEnv } from '../test-support/fixtures.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const config = (query: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: `/api/tracker/config${query}`, headers });
const create = async (body: Record<string, unknown>, propertyId = PROP_A, key = env.keys.a) => {
  const r = await post(env, key, endpointPath('createSplitTest', { propertyId }), body);
  expect(r.status).toBe(201);
  return r.body.experiment_id as string;
};

describe('GET /api/tracker/config', () => {
  it('gives the active tests of the property, only what the page needs, without a key, cacheable by anyone', async () => {
    const empty = await config(`?property=${PROP_A}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ experiments: [] });

    const changes = [
      { selector: 'h1', op: 'text', value: 'Hello' },
      { selector: '#cta', op: 'css', value: { backgroundColor: 'green' } },
    ];
    const nocode = await create({
      name: 'Secret name',
      page: '/pricing',
      type: 'nocode',
      goal: 'revenue',
      auto_stop_days: 30,
      variants: [{ label: 'Green', changes }],
    });
    const redirect = await create({
      name: 'Layout',
      page: '/',
      type: 'redirect',
      variants: [{ url: '/home-b' }, { url: '/home-c' }],
    });
    const stopped = await create({ name: 'Old', page: '/old', type: 'nocode', variants: [{ changes }] });
    expect((await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: stopped }), {})).status).toBe(
      200,
    );
    await create({ name: 'Other site', page: '/', type: 'nocode', variants: [{ changes }] }, PROP_B, env.keys.b);

    const res = await config(`?property=${PROP_A}`, { origin: 'https://a.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = trackerConfigResponse.parse(res.json());
    // variant index = the exposure's `variant`; the control is the page as it is, never a redirect
    expect(body.experiments).toEqual([
      { id: nocode, page: '/pricing', type: 'nocode', variants: [{ changes: [] }, { changes }] },
      {
        id: redirect,
        page: '/',
        type: 'redirect',
        variants: [{ changes: [] }, { url: '/home-b' }, { url: '/home-c' }],
      },
    ]);
    // no names, labels, goals or figures
    expect(res.body).not.toMatch(/Secret name|Green|revenue|auto_stop|created_at/);
  });

  it('400s a missing, malformed or unknown property, naming it, still readable cross-origin', async () => {
    for (const query of [
      '',
      '?property=',
      '?property=no%20such',
      '?property=nobody-here',
      `?property=${PROP_A}&property=${PROP_B}`,
    ]) {
      const res = await config(query);
      expect(res.statusCode, query).toBe(400);
      expect(errorEnvelope.parse(res.json()).error).toMatchObject({
        code: 'invalid_request',
        details: { field: 'property' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });
});
