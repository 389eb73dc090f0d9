import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import type { EventInput } from '../../contract/events.js';
import { newExperiment } from '../experiments/experiment-records.js';
import {
  BOT_UA,
  createTestEnv,
  del,
  endpointPath,
  get,
  insert,
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

const HOUR = 3_600_000;
const body = {
  name: 'Headline',
  page: '/pricing',
  type: 'nocode' as const,
  variants: [{ changes: [{ selector: 'h1', op: 'text' as const, value: 'Hi' }] }],
};
const path = (
  name:
    'splitTest' | 'splitTestTimeline' | 'archiveSplitTest' | 'restoreSplitTest' | 'deleteSplitTest' | 'stopSplitTest',
  experimentId: string,
  propertyId?: string,
) => endpointPath(name, { experimentId, ...(propertyId ? { propertyId } : {}) });
const list = async (query: Record<string, string> = {}) =>
  endpoints.splitTests.response.parse((await get(env, env.keys.a, endpointPath('splitTests'), query)).body).data;
const timeline = async (id: string) => {
  const r = await get(env, env.keys.a, path('splitTestTimeline', id));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return endpoints.splitTestTimeline.response.parse(r.body);
};
const errorOf = (r: { status: number; body: unknown }) => errorEnvelope.parse(r.body).error;

describe('results over time', () => {
  // A test that ran from T0 for 3.5 days (so 4 days), click-through goal on /pricing. Hours after T0:
  //   c1 control  exposed 1, clicks 1.02            → day 1, converted
  //   v1 variant  exposed 2, no click               → day 1
  //   v2 variant  exposed 50, clicks 50.02          → day 3, converted
  //   c2 control  exposed 60, no click              → day 3
  //   v3 variant  exposed 70, clicks 74 (on day 4)  → day 3 (a session counts on its exposure's day), converted
  //   a bot (variant, clicks) on day 2, and an exposure an hour before T0: never counted.
  // Cumulative:  day 1 control 1/1, variant 0/1;  day 2 the same;  days 3 and 4 control 1/2, variant 2/3.
  const T0 = Date.parse('2026-03-01T00:00:00Z');
  const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString();
  const visit = (
    session: string,
    variant: number,
    hours: number,
    clickAt: number | null,
    id: string,
    extra: Partial<EventInput> = {},
  ): EventInput[] => {
    const base = { property_id: PROP_A, visitor_id: `v-${session}`, session_id: session, path: '/pricing', ...extra };
    return [
      { ...base, type: 'pageview', ts: at(hours) },
      { ...base, type: 'exposure', ts: at(hours + 0.001), experiment_id: id, variant },
      ...(clickAt === null ? [] : [{ ...base, type: 'click' as const, ts: at(clickAt), target: '#cta' }]),
    ];
  };
  let id = '';
  beforeAll(async () => {
    const test = newExperiment(PROP_A, body, new Date(T0));
    id = test.id;
    await env.store.createExperiment({
      ...test,
      status: 'complete',
      stopped_at: new Date(T0 + 84 * HOUR),
      reason: 'manual',
    });
    await insert(
      env.store,
      [
        ...visit('c1', 0, 1, 1.02, id),
        ...visit('v1', 1, 2, null, id),
        ...visit('v2', 1, 50, 50.02, id),
        ...visit('c2', 0, 60, null, id),
        ...visit('v3', 1, 70, 74, id),
        ...visit('bot', 1, 30, 30.5, id, { user_agent: BOT_UA }),
        ...visit('early', 1, -1, -0.5, id),
      ],
      new Date(T0 + 100 * HOUR),
    );
  });

  it("gives each variant's cumulative sessions, conversions and rate at the end of each day", async () => {
    const { experiment_id, days } = await timeline(id);
    expect(experiment_id).toBe(id);
    // Every session here is its own visitor, so the visitor figures are the session figures.
    const arm = (label: string, [n, converted]: [number, number]) => ({
      label,
      sessions: n,
      conversions: converted,
      conversion_rate: converted / n,
      visitors: n,
      converted_visitors: converted,
      visitor_conversion_rate: converted / n,
    });
    const figures = (control: [number, number], variant: [number, number]) => [
      arm('Control', control),
      arm('Variant B', variant),
    ];
    expect(days).toEqual([
      { day: 1, end: at(24), variants: figures([1, 1], [1, 0]) },
      { day: 2, end: at(48), variants: figures([1, 1], [1, 0]) },
      { day: 3, end: at(72), variants: figures([2, 1], [3, 2]) },
      { day: 4, end: at(96), variants: figures([2, 1], [3, 2]) },
    ]);
  });

  it("ends on the detail's own figures", async () => {
    const detail = endpoints.splitTest.response.parse((await get(env, env.keys.a, path('splitTest', id))).body);
    const last = (await timeline(id)).days.at(-1)!;
    expect(last.variants.map((v) => [v.sessions, v.conversions, v.visitors, v.converted_visitors])).toEqual(
      detail.variants.map((v) => [v.sessions, v.conversions, v.visitors, v.converted_visitors]),
    );
  });

  it("runs a new test's days up to now, without a rate before a variant's first session", async () => {
    const test = newExperiment(PROP_A, body, new Date(Date.now() - 30 * HOUR));
    await env.store.createExperiment(test);
    const { days } = await timeline(test.id);
    expect(days.map((d) => d.day)).toEqual([1, 2]);
    const none = {
      sessions: 0,
      conversions: 0,
      conversion_rate: null,
      visitors: 0,
      converted_visitors: 0,
      visitor_conversion_rate: null,
    };
    expect(days[1].variants).toEqual([
      { label: 'Control', ...none },
      { label: 'Variant B', ...none },
    ]);
  });
});

describe('archive, restore and delete', () => {
  it('refuses a running test with 409 conflict, saying to stop it first; nothing changes', async () => {
    const r = await post(env, env.keys.a, endpointPath('splitTests'), body);
    const id = endpoints.createSplitTest.response.parse(r.body).experiment_id;
    for (const name of ['archiveSplitTest', 'restoreSplitTest'] as const) {
      const refused = await post(env, env.keys.a, path(name, id), {});
      expect(refused.status).toBe(409);
      expect(errorOf(refused)).toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('stop it before'),
        details: { field: 'status', status: 'active' },
      });
    }
    const refused = await del(env, env.keys.a, path('deleteSplitTest', id));
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'conflict', details: { field: 'status', status: 'active' } });
    expect((await list()).find((e) => e.experiment_id === id)).toMatchObject({ status: 'active' });
  });

  it('archives a stopped test out of the default list, keeps it readable, and restores it', async () => {
    const id = endpoints.createSplitTest.response.parse(
      (await post(env, env.keys.a, endpointPath('splitTests'), { ...body, name: 'To archive' })).body,
    ).experiment_id;
    expect((await post(env, env.keys.a, path('stopSplitTest', id), {})).status).toBe(200);
    expect((await list()).find((e) => e.experiment_id === id)).not.toHaveProperty('archived_at');

    const before = Date.now();
    const archived = await post(env, env.keys.a, path('archiveSplitTest', id), {});
    expect(archived.status).toBe(200);
    const { archived_at } = endpoints.archiveSplitTest.response.parse(archived.body);
    expect(Date.parse(archived_at!)).toBeGreaterThanOrEqual(before - 1);
    expect((await list()).map((e) => e.experiment_id)).not.toContain(id);
    expect((await list({ archived: 'true' })).map((e) => [e.experiment_id, e.archived_at])).toEqual([
      [id, archived_at],
    ]);
    expect(await list({ archived: 'true', status: 'active' })).toEqual([]);
    const detail = await get(env, env.keys.a, path('splitTest', id));
    expect(detail.status).toBe(200);
    expect(endpoints.splitTest.response.parse(detail.body)).toMatchObject({
      name: 'To archive',
      status: 'complete',
      archived_at,
    });
    // Archiving again keeps the first stamp.
    expect((await post(env, env.keys.a, path('archiveSplitTest', id), {})).body).toEqual({
      experiment_id: id,
      archived_at,
    });

    const restored = await post(env, env.keys.a, path('restoreSplitTest', id), {});
    expect(restored.body).toEqual({ experiment_id: id, archived_at: null });
    expect((await list()).find((e) => e.experiment_id === id)).toEqual(
      expect.not.objectContaining({ archived_at: expect.anything() }),
    );
    expect(await list({ archived: 'true' })).toEqual([]);
    expect((await post(env, env.keys.a, path('restoreSplitTest', id), {})).body).toEqual({
      experiment_id: id,
      archived_at: null,
    });
  });

  it('deletes a stopped (or archived) test for good: gone from every read and the page script', async () => {
    const ids: string[] = [];
    for (const name of ['Delete me', 'Archived, then deleted']) {
      const id = endpoints.createSplitTest.response.parse(
        (await post(env, env.keys.a, endpointPath('splitTests'), { ...body, name })).body,
      ).experiment_id;
      await post(env, env.keys.a, path('stopSplitTest', id), {});
      ids.push(id);
    }
    await post(env, env.keys.a, path('archiveSplitTest', ids[1]), {});
    for (const id of ids) {
      const r = await del(env, env.keys.a, path('deleteSplitTest', id));
      expect(r.status).toBe(200);
      expect(endpoints.deleteSplitTest.response.parse(r.body)).toEqual({ experiment_id: id, deleted: true });
      for (const name of ['splitTest', 'splitTestTimeline'] as const) {
        const gone = await get(env, env.keys.a, path(name, id));
        expect(gone.status).toBe(404);
        expect(errorOf(gone)).toMatchObject({ code: 'not_found', details: { field: 'experimentId' } });
      }
      expect((await del(env, env.keys.a, path('deleteSplitTest', id))).status).toBe(404);
    }
    const listed = [...(await list()), ...(await list({ archived: 'true' }))].map((e) => e.experiment_id);
    expect(listed).not.toContain(ids[0]);
    expect(listed).not.toContain(ids[1]);
    const config = await env.app.inject({ method: 'GET', url: `/api/tracker/config?property=${PROP_A}` });
    expect(config.json().experiments.map((e: { id: string }) => e.id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it('404s an unknown id, or one of another property, in the error envelope; 403 without the experiments permission; 400 on a bad archived', async () => {
    const id = endpoints.createSplitTest.response.parse(
      (await post(env, env.keys.a, endpointPath('splitTests'), body)).body,
    ).experiment_id;
    await post(env, env.keys.a, path('stopSplitTest', id), {});
    for (const [key, experimentId, propertyId] of [
      [env.keys.a, 'exp_nope', undefined],
      [env.keys.b, id, PROP_B],
    ] as const) {
      const replies = [
        await get(env, key, path('splitTestTimeline', experimentId, propertyId)),
        await post(env, key, path('archiveSplitTest', experimentId, propertyId), {}),
        await post(env, key, path('restoreSplitTest', experimentId, propertyId), {}),
        await del(env, key, path('deleteSplitTest', experimentId, propertyId)),
      ];
      for (const r of replies) {
        expect(r.status).toBe(404);
        expect(errorOf(r)).toMatchObject({ code: 'not_found', details: { field: 'experimentId' } });
      }
    }
    for (const r of [
      await post(env, env.keys.none, path('archiveSplitTest', id), {}),
      await del(env, env.keys.none, path('deleteSplitTest', id)),
    ]) {
      expect(r.status).toBe(403);
      expect(errorOf(r).code).toBe('forbidden');
    }
    const bad = await get(env, env.keys.a, endpointPath('splitTests'), { archived: 'yes' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'invalid_request', details: { field: 'archived' } });
    expect((await get(env, env.keys.a, path('splitTest', id))).status).toBe(200);
  });
});
