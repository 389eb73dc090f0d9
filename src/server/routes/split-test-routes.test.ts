import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import { createTestEnv, endpointPath, get, patch, post, PROP_B, type TestEnv } from '../test-support/fixtures.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const listPath = endpointPath('splitTests');
const one = (experimentId: string, propertyId?: string) =>
  endpointPath('splitTest', { experimentId, ...(propertyId ? { propertyId } : {}) });
const stopPath = (experimentId: string) => endpointPath('stopSplitTest', { experimentId });
const headline = { selector: 'h1', op: 'text', value: 'Start free' };
const button = { selector: '#cta', op: 'css', value: { backgroundColor: '#0a0', fontSize: 18 } };

async function create(body: Record<string, unknown>) {
  const r = await post(env, env.keys.a, listPath, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return endpoints.createSplitTest.response.parse(r.body);
}
const list = async (query: Record<string, string | number> = {}) =>
  endpoints.splitTests.response.parse((await get(env, env.keys.a, listPath, query)).body).data;
const pause = () => new Promise((r) => setTimeout(r, 3)); // distinct created_at for the ordering

describe('create', () => {
  it('answers 201 with the control first, then the variants with their labels or Variant B, C, …', async () => {
    const before = Date.now();
    const e = await create({
      name: 'Pricing headline',
      page: '/pricing',
      type: 'nocode',
      variants: [
        { changes: [headline, button, { selector: 'h1', op: 'css', value: { color: 'red' } }] },
        { label: 'Bold', changes: [button] },
        { changes: [{ selector: '.promo', op: 'delete', value: '' }] },
      ],
    });
    expect(e.experiment_id).toMatch(/^exp_[0-9A-Za-z]{13}$/);
    expect(e).toMatchObject({
      name: 'Pricing headline',
      page: '/pricing',
      type: 'nocode',
      status: 'active',
      goal: 'click_through',
      goal_target: null,
      auto_stop_days: null,
    });
    expect(new Date(e.created_at).toISOString()).toBe(e.created_at);
    expect(Date.parse(e.created_at)).toBeGreaterThanOrEqual(before - 1);
    expect(e.variants).toEqual([
      { label: 'Control', is_control: true, changes: [] },
      {
        label: 'Variant B',
        is_control: false,
        changes: [headline, button, { selector: 'h1', op: 'css', value: { color: 'red' } }],
      },
      { label: 'Bold', is_control: false, changes: [button] },
      { label: 'Variant D', is_control: false, changes: [{ selector: '.promo', op: 'delete', value: '' }] },
    ]);
  });

  it('keeps redirect urls, the goal, its target and auto_stop_days; session_time shows its default target', async () => {
    const r = await create({
      name: 'Layout',
      page: '/',
      type: 'redirect',
      goal: 'destination_page',
      goal_target: '/signup',
      auto_stop_days: 14,
      variants: [{ url: '/home-b' }, { label: 'C', url: '/home-c' }],
    });
    expect(r).toMatchObject({ type: 'redirect', goal: 'destination_page', goal_target: '/signup', auto_stop_days: 14 });
    expect(r.variants).toEqual([
      { label: 'Control', is_control: true, changes: [] },
      { label: 'Variant B', is_control: false, changes: [], url: '/home-b' },
      { label: 'C', is_control: false, changes: [], url: '/home-c' },
    ]);
    const timed = await create({
      name: 'Time',
      page: '/',
      type: 'nocode',
      goal: 'session_time',
      variants: [{ changes: [headline] }],
    });
    expect(timed.goal_target).toBe('60');
  });
});

describe('list', () => {
  it('is newest first, filters by status, pages with limit (default 50) and counts the control among the variants', async () => {
    const ids: string[] = [];
    for (const name of ['L1', 'L2', 'L3']) {
      await pause();
      ids.push(
        (await create({ name, page: '/list', type: 'nocode', variants: [{ changes: [headline] }] })).experiment_id,
      );
    }
    const all = await list();
    expect(all.slice(0, 3).map((e) => e.name)).toEqual(['L3', 'L2', 'L1']);
    expect(all[0]).toEqual({
      experiment_id: ids[2],
      name: 'L3',
      page: '/list',
      status: 'active',
      goal: 'click_through',
      created_at: expect.any(String),
      variant_count: 2,
    });
    expect(all.map((e) => e.created_at)).toEqual([...all.map((e) => e.created_at)].sort().reverse());

    expect((await post(env, env.keys.a, stopPath(ids[1]), {})).status).toBe(200);
    expect((await list({ status: 'complete' })).map((e) => e.experiment_id)).toEqual([ids[1]]);
    expect((await list({ status: 'active' })).map((e) => e.experiment_id)).not.toContain(ids[1]);
    expect((await list({ limit: 2 })).map((e) => e.name)).toEqual(['L3', 'L2']);
    expect((await list({ status: 'active', limit: 1 })).map((e) => e.name)).toEqual(['L3']);
    // another property sees none of them
    expect((await get(env, env.keys.b, endpointPath('splitTests', { propertyId: PROP_B }))).body).toEqual({ data: [] });
  });
});

describe('update, stop and their refusals', () => {
  it('PATCH changes only the fields supplied; auto_stop_days null clears it', async () => {
    const e = await create({
      name: 'Before',
      page: '/p',
      type: 'nocode',
      auto_stop_days: 30,
      variants: [{ changes: [headline] }],
    });
    const path = endpointPath('updateSplitTest', { experimentId: e.experiment_id });

    const renamed = await patch(env, env.keys.a, path, { name: '  After  ' });
    expect(renamed.status).toBe(200);
    expect(endpoints.updateSplitTest.response.parse(renamed.body)).toEqual({
      experiment_id: e.experiment_id,
      name: 'After',
      status: 'active',
      auto_stop_days: 30,
    });

    expect((await patch(env, env.keys.a, path, { auto_stop_days: 7 })).body).toEqual({
      experiment_id: e.experiment_id,
      name: 'After',
      status: 'active',
      auto_stop_days: 7,
    });
    expect((await patch(env, env.keys.a, path, { auto_stop_days: null })).body.auto_stop_days).toBeNull();

    const detail = (await get(env, env.keys.a, one(e.experiment_id))).body;
    // everything else is as created
    expect(detail).toMatchObject({
      name: 'After',
      auto_stop_days: null,
      page: '/p',
      goal: 'click_through',
      created_at: e.created_at,
      status: 'active',
    });
    expect(detail.variants.map((v: { label: string; changes: unknown }) => [v.label, v.changes])).toEqual(
      e.variants.map((v) => [v.label, v.changes]),
    );
  });

  it('stop records the reason, or "manual" when none is given; a complete test answers 409 conflict', async () => {
    const a = await create({ name: 'A', page: '/s', type: 'nocode', variants: [{ changes: [headline] }] });
    const b = await create({ name: 'B', page: '/s', type: 'nocode', variants: [{ changes: [headline] }] });

    const before = Date.now();
    const withReason = await post(env, env.keys.a, stopPath(a.experiment_id), { reason: 'Variant B clearly wins' });
    expect(withReason.status).toBe(200);
    const stopped = endpoints.stopSplitTest.response.parse(withReason.body);
    expect(stopped).toEqual({
      experiment_id: a.experiment_id,
      status: 'complete',
      stopped_at: expect.any(String),
      reason: 'Variant B clearly wins',
    });
    expect(Date.parse(stopped.stopped_at)).toBeGreaterThanOrEqual(before - 1);

    const noBody = await env.app.inject({
      method: 'POST',
      url: `/api/external/v1${stopPath(b.experiment_id)}`,
      headers: { authorization: `Bearer ${env.keys.a}` },
    });
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json()).toMatchObject({ status: 'complete', reason: 'manual' });

    const detail = (await get(env, env.keys.a, one(a.experiment_id))).body;
    expect(detail).toMatchObject({
      status: 'complete',
      stopped_at: stopped.stopped_at,
      reason: 'Variant B clearly wins',
    });

    // a stopped test cannot be stopped again, renamed or restarted
    for (const r of [
      await post(env, env.keys.a, stopPath(a.experiment_id), { reason: 'again' }),
      await patch(env, env.keys.a, endpointPath('updateSplitTest', { experimentId: a.experiment_id }), {
        name: 'Renamed',
      }),
      await patch(env, env.keys.a, endpointPath('updateSplitTest', { experimentId: a.experiment_id }), {
        auto_stop_days: 3,
      }),
    ]) {
      expect(r.status).toBe(409);
      expect(errorEnvelope.parse(r.body).error).toMatchObject({
        code: 'conflict',
        details: { field: 'status', status: 'complete' },
      });
    }
    expect((await get(env, env.keys.a, one(a.experiment_id))).body).toMatchObject({
      name: 'A',
      reason: 'Variant B clearly wins',
      stopped_at: stopped.stopped_at,
    });
  });

  it('404s an unknown id on every route, and one of another property as if it did not exist', async () => {
    const mine = await create({ name: 'Mine', page: '/m', type: 'nocode', variants: [{ changes: [headline] }] });
    const calls = (id: string, key: string, propertyId?: string) => [
      get(env, key, one(id, propertyId)),
      patch(env, key, endpointPath('updateSplitTest', { experimentId: id, ...(propertyId ? { propertyId } : {}) }), {
        name: 'x',
      }),
      post(env, key, endpointPath('stopSplitTest', { experimentId: id, ...(propertyId ? { propertyId } : {}) }), {}),
    ];
    for (const r of [
      ...(await Promise.all(calls('exp_doesnotexist1', env.keys.a))),
      ...(await Promise.all(calls(mine.experiment_id, env.keys.b, PROP_B))),
    ]) {
      expect(r.status).toBe(404);
      expect(errorEnvelope.parse(r.body).error).toMatchObject({
        code: 'not_found',
        details: { field: 'experimentId' },
      });
    }
    expect((await get(env, env.keys.a, one(mine.experiment_id))).body).toMatchObject({
      name: 'Mine',
      status: 'active',
    });
  });

  it('403s a key of another property and a key without the metrics permission, before reading the body', async () => {
    const mine = await create({ name: 'Guarded', page: '/g', type: 'nocode', variants: [{ changes: [headline] }] });
    for (const key of [env.keys.b, env.keys.none]) {
      for (const r of [
        await get(env, key, listPath),
        await post(env, key, listPath, { bogus: true }),
        await get(env, key, one(mine.experiment_id)),
        await patch(env, key, endpointPath('updateSplitTest', { experimentId: mine.experiment_id }), {
          name: 'hijack',
        }),
        await post(env, key, stopPath(mine.experiment_id), {}),
      ]) {
        expect(r.status).toBe(403);
        expect(r.body.error.code).toBe('forbidden');
      }
    }
    expect((await get(env, env.keys.a, one(mine.experiment_id))).body).toMatchObject({
      name: 'Guarded',
      status: 'active',
    });
    expect((await get(env, null, listPath)).status).toBe(401);
  });
});
