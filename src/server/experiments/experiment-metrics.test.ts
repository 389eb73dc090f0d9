import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../contract/events.js';
import { createExperimentBody, experimentDetailResponse, type ExperimentDetail } from '../../contract/experiments.js';
import { createTestEnv, endpointPath, get, insert, post, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { newExperiment } from './experiment-records.js';

/**
 * More metrics, guardrails and CUPED through the API (issue 42 §5, §6), on both stores. A click test
 * created 10 days ago, with three more metrics: revenue per visitor as a guardrail, "did not bounce"
 * and the property goal Signup as secondary ones. 2,000 visitors an arm over 9 days:
 *
 * - clicks: control i % 10 = 0 (10%), variant i % 10 < 3 (30%): the variant is better on the goal;
 * - payments of 10 EUR: control i % 2 = 0 (5.00 a visitor), variant i % 4 = 0 or i % 5 = 0 (4.00): it
 *   hurts the guardrail;
 * - a second page (no bounce) and a `signup` event: i % 2 = 1 in both arms, no difference;
 * - history: i % 4 = 0, in both arms alike, had a session 3 days before their exposure with a payment
 *   (they all pay again after it) and a signup, so CUPED has a covariate for a quarter of the visitors,
 *   balanced between the arms; i % 8 = 4 also paid 20 days before, outside the 14 days that count.
 */
const DAY = 86_400_000;
const NOW = Date.now();
const CREATED = new Date(NOW - 10 * DAY);
const N = 2_000;

let env: TestEnv;
let detail: ExperimentDetail;

function visitor(arm: 0 | 1, i: number, testId: string): EventInput[] {
  const id = `${arm}-${i}`;
  const at = CREATED.getTime() + 60_000 + Math.floor((i * 9 * DAY) / N);
  const pays = arm === 0 ? i % 2 === 0 : i % 5 === 0 || i % 4 === 0;
  const clicks = arm === 0 ? i % 10 === 0 : i % 10 < 3;
  const ev = (session: string, t: number, e: Partial<EventInput> & Pick<EventInput, 'type'>): EventInput => ({
    property_id: PROP_A,
    visitor_id: id,
    session_id: `${id}-${session}`,
    path: '/pricing',
    ts: new Date(t).toISOString(),
    ...e,
  });
  const payment = { amount: 10, currency: 'EUR' };
  return [
    ev('s', at, { type: 'pageview' }),
    ev('s', at + 100, { type: 'exposure', experiment_id: testId, variant: arm }),
    ...(clicks ? [ev('s', at + 5_000, { type: 'click', target: '#cta' })] : []),
    ...(pays ? [ev('s', at + 6_000, { type: 'revenue', ...payment })] : []),
    ...(i % 2 === 1
      ? [
          ev('s', at + 7_000, { type: 'pageview', path: '/thanks' }),
          ev('s', at + 8_000, { type: 'custom', name: 'signup' }),
        ]
      : []),
    ...(i % 4 === 0
      ? [
          ev('h', at - 3 * DAY, { type: 'pageview', path: '/' }),
          ev('h', at - 3 * DAY + 1_000, { type: 'custom', name: 'signup' }),
          ...(pays ? [ev('h', at - 3 * DAY + 2_000, { type: 'revenue', ...payment })] : []),
        ]
      : []),
    ...(i % 8 === 4 ? [ev('old', at - 20 * DAY, { type: 'revenue', ...payment, path: '/' })] : []),
  ];
}

const body = (extra: object) => ({
  name: 'Bigger button',
  page: '/pricing',
  type: 'nocode',
  variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'B' }] }],
  currency: 'EUR',
  ...extra,
});

let signupGoal = '';
let createdView: unknown;
beforeAll(async () => {
  env = await createTestEnv();
  const goal = await post(env, env.keys.a, endpointPath('createGoal'), {
    name: 'Signup',
    kind: 'event',
    event: 'signup',
  });
  signupGoal = (goal.body as { id: string }).id;
  const metrics = [
    { goal: 'revenue', role: 'guardrail' },
    { goal: 'bounce_rate' },
    { goal: 'goal', goal_target: signupGoal, role: 'secondary' },
  ] as const;
  const created = await post(env, env.keys.a, endpointPath('createSplitTest'), body({ metrics }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  createdView = created.body;
  // The same test as if created 10 days ago (the API stamps now), so the events below count.
  const e = {
    ...newExperiment(PROP_A, createExperimentBody.parse(body({ metrics })), CREATED, await env.store.listGoals(PROP_A)),
    currency: 'EUR',
  };
  await env.store.createExperiment(e);
  const events: EventInput[] = [];
  for (let i = 0; i < N; i++) events.push(...visitor(0, i, e.id), ...visitor(1, i, e.id));
  await insert(env.store, events);
  const r = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: e.id }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  detail = experimentDetailResponse.parse(r.body);
}, 120_000);
afterAll(() => env.close());

describe('more metrics and guardrails', () => {
  it('keeps the metrics the test was created with, roles and the goal’s definition included', () => {
    expect((createdView as ExperimentDetail).metrics).toEqual(detail.metrics);
    expect(detail.metrics).toEqual([
      { goal: 'revenue', goal_target: null, role: 'guardrail' },
      { goal: 'bounce_rate', goal_target: null, role: 'secondary' },
      {
        goal: 'goal',
        goal_target: signupGoal,
        role: 'secondary',
        goal_definition: { name: 'Signup', kind: 'event', event: 'signup' },
      },
    ]);
  });

  it('reports each metric per variant with the same engine', () => {
    const [revenue, bounce, signup] = detail.decision.metrics;
    expect(revenue).toMatchObject({ name: 'revenue per visitor', metric: 'revenue_per_visitor', role: 'guardrail' });
    expect(revenue.variants.map((v) => v.visitors)).toEqual([N, N]);
    expect(detail.decision.variants.map((v) => v.visitors)).toEqual([N, N]);
    expect(revenue.hurt_by).toEqual(['Variant B']);
    expect(revenue.variants[1]).toMatchObject({ significant: true, better: false });
    // The history is alike in both arms, so the adjusted means are the plain ones: 5.00 and 4.00.
    expect(revenue.variants[0].mean).toBeCloseTo(5, 9);
    expect(revenue.variants[1].uplift).toBeCloseTo(-0.2, 9);
    expect(bounce).toMatchObject({ name: 'visitors who did not bounce', hurt_by: [] });
    expect(bounce.variants[0].mean).toBeCloseTo(0.5, 9); // nobody in either arm has a bounce history
    expect(bounce.variants[1]).toMatchObject({ significant: false, uplift: 0 });
    expect(signup.name).toBe('visitors who reached the goal “Signup”');
    expect(signup.variants[1].significant).toBe(false);
  });

  it('holds back the better variant that hurts the guardrail, and says so', () => {
    const d = detail.decision;
    expect(d.variants[1]).toMatchObject({ significant: true, better: true });
    expect(d.status).toBe('guardrail_hurt');
    expect(d.winner).toBeNull();
    expect(d.held_back).toEqual([{ label: 'Variant B', guardrails: ['revenue per visitor'] }]);
    expect(detail.stats).toMatchObject({ winner: null, can_call_winner: false });
    expect(d.verdict).toMatch(
      /^Variant B is better than Control on conversion rate per visitor \(\+200\.0%, 95% interval \+[\d.]+% to \+[\d.]+%\), but it hurts the guardrail revenue per visitor \(-20\.0%, 95% interval -[\d.]+% to -[\d.]+%\): do not ship it as it is\.$/,
    );
  });
});

describe('CUPED', () => {
  it('finds each visitor’s history in the 14 days before its first exposure, and cuts the variance', () => {
    const [revenue, , signup] = detail.decision.metrics;
    // A quarter of each arm had a session 3 days before; the payments 20 days before are too old.
    expect(revenue.cuped?.visitors_with_history).toBe(N / 2);
    // Those with history all pay again (y = 10 for them), so x = 10·h and one slope serves. Per arm
    // S_hh = 2,000·¼·¾ = 375 and S_hy = 5,000 − 2,000·¼·ȳ: 2,500 (ȳ 5) and 3,000 (ȳ 4); pooled
    // θ = 5,500/750 = 7.333. Residuals: 50,000 − 2θ·2,500 + θ²·375 = 33,500 and 48,000 − 2θ·3,000 +
    // θ²·375 = 24,166.7, of 50,000 + 48,000 before: a cut of 1 − 57,666.7/98,000 = 41.2%.
    expect(revenue.cuped?.variance_reduction).toBeCloseTo(1 - (33_500 + 24_166.667) / 98_000, 6);
    // Every visitor with history signed up before; those who sign up during the test are others.
    expect(signup.cuped?.visitors_with_history).toBe(N / 2);
    // No click before any exposure: x is 0, only the indicator h, which says nothing of clicks here.
    expect(detail.decision.cuped?.visitors_with_history).toBe(N / 2);
  });

  it('leaves an even metric even: adjusted means stay equal when the arms’ histories are alike', () => {
    const bounce = detail.decision.metrics[1];
    expect(bounce.variants[1].mean).toBeCloseTo(bounce.variants[0].mean, 9);
  });
});

describe('refusals', () => {
  it('refuses more than five metrics, one that repeats the goal, and a goal the property does not have', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ goal: 'destination_page', goal_target: `/p${i}` }));
    const cases: [object, string][] = [
      [{ metrics: six }, 'metrics'],
      [{ metrics: [{ goal: 'click_through' }] }, 'metrics.0'],
      [{ metrics: [{ goal: 'revenue' }, { goal: 'revenue', role: 'guardrail' }] }, 'metrics.1'],
      [{ metrics: [{ goal: 'goal', goal_target: 'gol_nosuch' }] }, 'metrics.0.goal_target'],
      [{ metrics: [{ goal: 'destination_page' }] }, 'metrics.0.goal_target'],
      [{ metrics: [{ goal: 'revenue', role: 'primary' }] }, 'metrics.0.role'],
    ];
    for (const [extra, field] of cases) {
      const r = await post(env, env.keys.a, endpointPath('createSplitTest'), body(extra));
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect((r.body as { error: { details?: { field?: string } } }).error.details?.field, JSON.stringify(r.body)).toBe(
        field,
      );
    }
  });
});
