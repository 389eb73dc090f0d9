import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../contract/events.js';
import { experimentTimelineResponse } from '../../contract/experiment-results.js';
import { experimentDetailResponse, type ExperimentDetail } from '../../contract/experiments.js';
import { createTestEnv, endpointPath, get, insert, post, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { binaryArm } from './engine/arm-summary.js';
import { plannedVisitorsPerArm } from './engine/plan.js';
import { newExperiment } from './experiment-records.js';

/**
 * The decision block through the API (issue 42 §1, §3), on both stores: the issue's perfect split with
 * returning visitors. The test began 10 days ago; 3,000 visitors a variant over those days, 10% of each
 * clicking; 300 of the variant's visitors come back for 2 more sessions, so sessions read 3,000 and
 * 3,600 (the old session check's alarm) while visitors are 3,000 and 3,000. Before the test, 2,000
 * visitors viewed the page over 28 days and 100 clicked: the plan's 5% baseline.
 */
const DAY = 86_400_000;
const NOW = Date.now();
const CREATED = new Date(NOW - 10 * DAY);

let env: TestEnv;
let detail: ExperimentDetail;

function visitor(
  id: string,
  variant: number | null,
  at: number,
  clicks: boolean,
  sessions = 1,
  page = '/pricing',
  test = () => testId,
): EventInput[] {
  return Array.from({ length: sessions }, (_, s) => {
    const base = { property_id: PROP_A, visitor_id: id, session_id: `${id}-${s}`, path: page };
    const t = at + s * 3 * 3_600_000;
    const iso = (ms: number) => new Date(t + ms).toISOString();
    return [
      { ...base, type: 'pageview' as const, ts: iso(0) },
      ...(variant === null
        ? []
        : [{ ...base, type: 'exposure' as const, experiment_id: test(), variant, ts: iso(100) }]),
      ...(clicks && s === 0 ? [{ ...base, type: 'click' as const, target: '#cta', ts: iso(5_000) }] : []),
    ];
  }).flat();
}

let testId = '';
beforeAll(async () => {
  env = await createTestEnv();
  const e = newExperiment(
    PROP_A,
    {
      name: 'Returning visitors',
      page: '/pricing',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'B' }] }],
    },
    CREATED,
  );
  testId = e.id;
  await env.store.createExperiment(e);
  const spread = (i: number, n: number, from: number, span: number) => from + Math.floor((i * span) / n);
  const events: EventInput[] = [];
  for (let i = 0; i < 2_000; i++)
    events.push(...visitor(`pre${i}`, null, spread(i, 2_000, CREATED.getTime() - 27 * DAY, 26 * DAY), i % 20 === 0));
  for (let i = 0; i < 3_000; i++) {
    const at = spread(i, 3_000, CREATED.getTime() + 60_000, 9 * DAY);
    events.push(...visitor(`c${i}`, 0, at, i % 10 === 0));
    events.push(...visitor(`b${i}`, 1, at, i % 10 === 0, i < 300 ? 3 : 1));
  }
  await insert(env.store, events);
  const r = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: testId }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  detail = experimentDetailResponse.parse(r.body);
}, 120_000);
afterAll(() => env.close());

describe('the decision', () => {
  it('counts visitors, so returning visitors raise no sample-ratio alarm where sessions do', () => {
    expect(detail.variants.map((v) => [v.sessions, v.visitors, v.converted_visitors])).toEqual([
      [3_000, 3_000, 300],
      [3_600, 3_000, 300],
    ]);
    // Sessions 3,000 against 3,600 would fail a chi-square at p 1.5e-13; visitors are split evenly.
    expect(detail.stats.sample_ratio_mismatch).toBe(false);
    expect(detail.decision?.sample_ratio).toEqual({ p_value: expect.any(Number), mismatch: false });
    expect(detail.decision?.sample_ratio.p_value).toBeGreaterThan(0.5);
  });

  it('draws the timeline by visitors too, each on the day of its first exposure', async () => {
    const r = await get(env, env.keys.a, endpointPath('splitTestTimeline', { experimentId: testId }));
    const last = experimentTimelineResponse.parse(r.body).days.at(-1)!;
    expect(last.variants.map((v) => [v.sessions, v.visitors, v.converted_visitors])).toEqual([
      [3_000, 3_000, 300],
      [3_600, 3_000, 300],
    ]);
  });

  it('plans from the page’s 28 days before the test and says how far along it is', () => {
    const planned = plannedVisitorsPerArm({ ...binaryArm(2_000, 100), binary: true }, { arms: 2 });
    expect(planned).toBeGreaterThan(50_000); // 5% baseline, 10% effect, safe to read daily
    expect(detail.decision?.plan).toEqual({
      minimum_detectable_effect: 0.1,
      baseline: { source: 'before_test', visitors: 2_000, mean: 0.05 },
      planned_visitors_per_variant: planned,
      visitors: 6_000,
      progress: 3_000 / planned!,
      reached: false,
      days_left: Math.ceil((planned! - 3_000) / (3_000 / 10)),
    });
    expect(detail.decision).toMatchObject({
      metric: 'visitor_conversion_rate',
      status: 'keep_running',
      winner: null,
      min_days: 7,
      variants: [
        { label: 'Control', mean: 0.1, uplift: null, p_value: null, significant: false },
        { label: 'Variant B', mean: 0.1, uplift: 0, significant: false, better: false },
      ],
    });
    const share = Math.floor((3_000 / planned!) * 100);
    expect(detail.decision?.verdict).toBe(
      `No call yet: Variant B +0.0%, 95% interval ${detail.decision?.variants[1].uplift_interval?.map((u) => `${u >= 0 ? '+' : '-'}${Math.abs(u * 100).toFixed(1)}%`).join(' to ')} on conversion rate per visitor; ` +
        `${share}% of the planned ${(planned! * 2).toLocaleString('en-US')} visitors, about ${detail.decision?.plan.days_left?.toLocaleString('en-US')} more days.`,
    );
  });
});

describe('the plan on a page without history', () => {
  it('sizes the plan from the control’s first week, which later days do not move', async () => {
    const e = newExperiment(
      PROP_A,
      {
        name: 'New page',
        page: '/new',
        type: 'nocode',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'B' }] }],
      },
      CREATED,
    );
    await env.store.createExperiment(e);
    const events: EventInput[] = [];
    // Week 1: 500 control visitors, 10% click; days 8–9: 500 more who all click.
    for (let i = 0; i < 500; i++) {
      events.push(
        ...visitor(`n${i}`, 0, CREATED.getTime() + 60_000 + i * 1_000_000, i % 10 === 0, 1, '/new', () => e.id),
      );
      events.push(
        ...visitor(`m${i}`, 1, CREATED.getTime() + 60_000 + i * 1_000_000, i % 10 === 0, 1, '/new', () => e.id),
      );
      events.push(...visitor(`l${i}`, 0, CREATED.getTime() + 7.5 * DAY + i * 60_000, true, 1, '/new', () => e.id));
    }
    await insert(env.store, events);
    const r = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: e.id }));
    const d = experimentDetailResponse.parse(r.body);
    expect(d.variants.map((v) => v.visitors)).toEqual([1_000, 500]);
    expect(d.decision.plan.baseline).toEqual({ source: 'control_first_week', visitors: 500, mean: 0.1 });
    expect(d.decision.plan.planned_visitors_per_variant).toBe(
      plannedVisitorsPerArm({ ...binaryArm(500, 50), binary: true }, { arms: 2 }),
    );
  });
});

describe('a test’s own plan settings', () => {
  it('takes a minimum detectable effect and minimum days at creation, keeps them, and refuses nonsense', async () => {
    const body = {
      name: 'Bold',
      page: '/pricing',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'B' }] }],
    };
    for (const bad of [
      { minimum_detectable_effect: 5 },
      { minimum_detectable_effect: 0 },
      { min_days: 0 },
      { min_days: 1.5 },
    ]) {
      const r = await post(env, env.keys.a, endpointPath('createSplitTest'), { ...body, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const created = await post(env, env.keys.a, endpointPath('createSplitTest'), {
      ...body,
      minimum_detectable_effect: 0.2,
      min_days: 14,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { experiment_id: string }).experiment_id;
    const d = experimentDetailResponse.parse(
      (await get(env, env.keys.a, endpointPath('splitTest', { experimentId: id }))).body,
    );
    expect(d.decision).toMatchObject({ min_days: 14, plan: { minimum_detectable_effect: 0.2 } });
    // Sized from the page's 28 days before it, for a 20% change.
    const b = d.decision.plan.baseline!;
    expect(b.source).toBe('before_test');
    expect(d.decision.plan.planned_visitors_per_variant).toBe(
      plannedVisitorsPerArm(
        { ...binaryArm(b.visitors, Math.round(b.mean * b.visitors)), binary: true },
        { arms: 2, relativeMde: 0.2 },
      ),
    );
    expect(d.stats.verdict).toBe('No visitors yet.');
  });
});
