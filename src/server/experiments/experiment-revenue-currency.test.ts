import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import type { EventInput } from '../../contract/events.js';
import { experimentDetailResponse, experimentResponse, type CreateExperimentBody } from '../../contract/experiments.js';
import { experimentTimelineResponse } from '../../contract/experiment-results.js';
import {
  createTestEnv,
  endpointPath,
  get,
  insert,
  post,
  PROP_A,
  PROP_B,
  type TestEnv,
} from '../test-support/fixtures.js';
import { newExperiment } from './experiment-records.js';

/**
 * Split tests count revenue in one currency (docs/decisions.md, "Split tests: revenue in one currency").
 * Times are minutes after T0; both tests were created an hour before T0 and are exposed together.
 *
 *   u1 (v0)  pays 10 USD and 10 EUR      → USD 10, EUR 10
 *   u2 (v0)  pays 7 EUR                  → EUR 7
 *   u3 (v1)  pays 0.10 USD and 0.20 USD  → USD 0.3 (summed exactly)
 *   u4 (v1)  pays 5 GBP                  → GBP 5
 *   u5 (v1)  pays 3 without a currency   → left out, as the Goals report leaves it out
 * Before the tests, on the property (sessions without exposure): 3 USD payments 31 days before
 * creation (outside the 30 days), 2 EUR and 1 USD 2 days before: the old test's currency is EUR.
 *
 * Added across currencies (the bug), v0 would read 27 and v1 8.3 (or 11.3).
 */
const T0 = Date.parse('2026-03-02T10:00:00Z');
const CREATED = new Date(T0 - 3_600_000);
const DAY = 86_400_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

let env: TestEnv;
const ids: Record<'usd' | 'old', string> = { usd: '', old: '' };

function events(testIds: string[]): EventInput[] {
  const ev = (session: string, type: EventInput['type'], ts: string, extra: Partial<EventInput> = {}): EventInput => ({
    type,
    property_id: PROP_A,
    visitor_id: `v-${session}`,
    session_id: session,
    ts,
    path: '/pricing',
    ...extra,
  });
  const exposed = (session: string, variant: number, ...payments: [number, string | undefined][]) => [
    ev(session, 'pageview', at(0)),
    ...testIds.map((id) => ev(session, 'exposure', at(0.1), { experiment_id: id, variant })),
    ...payments.map(([amount, currency], i) =>
      ev(session, 'revenue', at(1 + i), { amount, ...(currency ? { currency } : {}) }),
    ),
  ];
  const pastPayment = (session: string, msBeforeCreation: number, currency: string) =>
    ev(session, 'revenue', new Date(CREATED.getTime() - msBeforeCreation).toISOString(), { amount: 50, currency });
  return [
    ...exposed('u1', 0, [10, 'USD'], [10, 'EUR']),
    ...exposed('u2', 0, [7, 'EUR']),
    ...exposed('u3', 1, [0.1, 'USD'], [0.2, 'USD']),
    ...exposed('u4', 1, [5, 'GBP']),
    ...exposed('u5', 1, [3, undefined]),
    pastPayment('h1', 31 * DAY, 'USD'),
    pastPayment('h2', 31 * DAY, 'USD'),
    pastPayment('h3', 31 * DAY, 'USD'),
    pastPayment('h4', 2 * DAY, 'EUR'),
    pastPayment('h5', 2 * DAY, 'EUR'),
    pastPayment('h6', 2 * DAY, 'USD'),
  ];
}

beforeAll(async () => {
  env = await createTestEnv();
  const base = {
    name: 'Checkout',
    page: '/pricing',
    type: 'nocode',
    goal: 'revenue',
    variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'New' }] }],
  };
  // Through the store so the tests begin before T0. `usd` stores its currency as a create with
  // `currency: 'USD'` does; `old` stores none, as a test made before currencies were kept.
  const usd = newExperiment(PROP_A, { ...base, currency: 'USD' } as CreateExperimentBody, CREATED);
  const old = newExperiment(PROP_A, base as CreateExperimentBody, CREATED);
  for (const e of [usd, old]) await env.store.createExperiment(e);
  Object.assign(ids, { usd: usd.id, old: old.id });
  await insert(env.store, events([usd.id, old.id]));
});
afterAll(() => env.close());

async function detail(id: string) {
  const r = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: id }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return experimentDetailResponse.parse(r.body);
}
const figures = (d: Awaited<ReturnType<typeof detail>>) =>
  d.variants.map((v) => ({
    sessions: v.sessions,
    conversions: v.conversions,
    revenue: v.revenue,
    per: v.revenue_per_session,
    others: v.other_revenue,
  }));

describe('split tests count revenue in one currency, the others listed apart', () => {
  it('a USD test: USD only as revenue (and as conversions), EUR and GBP listed apart, a payment without currency left out', async () => {
    const d = await detail(ids.usd);
    expect(d.currency).toBe('USD');
    expect(figures(d)).toEqual([
      // u1 converts (10 USD); u2 paid only EUR. EUR 10 + 7 listed apart.
      { sessions: 2, conversions: 1, revenue: 10, per: 5, others: [{ currency: 'EUR', amount: 17 }] },
      // u3 converts (0.10 + 0.20 USD = 0.3 exactly); u4 paid GBP, u5 no currency.
      { sessions: 3, conversions: 1, revenue: 0.3, per: 0.3 / 3, others: [{ currency: 'GBP', amount: 5 }] },
    ]);
  });

  it('the timeline counts the same conversions (USD payments only)', async () => {
    const r = await get(env, env.keys.a, endpointPath('splitTestTimeline', { experimentId: ids.usd }));
    expect(r.status).toBe(200);
    const last = experimentTimelineResponse.parse(r.body).days.at(-1)!;
    expect(last.variants.map((v) => [v.sessions, v.conversions])).toEqual([
      [2, 1],
      [3, 1],
    ]);
  });

  it('an old test without a stored currency counts the currency of most payments in the 30 days before creation (EUR 2 : USD 1)', async () => {
    const d = await detail(ids.old);
    expect(d.currency).toBe('EUR');
    expect(figures(d)).toEqual([
      // u1 and u2 paid EUR: 10 + 7; u1's USD apart.
      { sessions: 2, conversions: 2, revenue: 17, per: 8.5, others: [{ currency: 'USD', amount: 10 }] },
      {
        sessions: 3,
        conversions: 0,
        revenue: 0,
        per: 0,
        others: [
          { currency: 'GBP', amount: 5 },
          { currency: 'USD', amount: 0.3 },
        ],
      },
    ]);
    const timeline = experimentTimelineResponse.parse(
      (await get(env, env.keys.a, endpointPath('splitTestTimeline', { experimentId: ids.old }))).body,
    );
    expect(timeline.days.at(-1)!.variants.map((v) => v.conversions)).toEqual([2, 0]);
  });

  it('without payments in those 30 days, the first payment from creation on decides; without any, none', async () => {
    const old = (await env.store.getExperiment(PROP_A, ids.old))!;
    expect(old.currency).toBeUndefined();
    // Created 40 days before: nothing in the 30 days before that; the first payment after is 31 days before CREATED (USD).
    expect(await env.store.experimentCurrency({ ...old, created_at: new Date(CREATED.getTime() - 40 * DAY) })).toBe(
      'USD',
    );
    // Stopped before that payment: no currency at all.
    const stopped = {
      ...old,
      created_at: new Date(CREATED.getTime() - 40 * DAY),
      stopped_at: new Date(CREATED.getTime() - 35 * DAY),
      status: 'complete' as const,
    };
    expect(await env.store.experimentCurrency(stopped)).toBeNull();
  });
});

describe('creating a test with a currency', () => {
  const body = {
    name: 'Plans',
    page: '/plans',
    type: 'nocode',
    goal: 'revenue',
    variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'New' }] }],
  };

  it.each([['usd'], ['EURO'], ['E1R'], [''], [840]])(
    'refuses currency %j: 400 in the envelope, on currency',
    async (currency) => {
      const r = await post(env, env.keys.b, endpointPath('createSplitTest', { propertyId: PROP_B }), {
        ...body,
        currency,
      });
      expect(r.status).toBe(400);
      expect(errorEnvelope.parse(r.body).error).toMatchObject({
        code: 'invalid_request',
        details: { field: 'currency' },
      });
    },
  );

  it('keeps the currency given, and otherwise takes that of most payments in the 30 days before (GBP 2 : USD 1)', async () => {
    const now = Date.now();
    const pay = (session: string, minutesAgo: number, currency: string): EventInput => ({
      type: 'revenue',
      property_id: PROP_B,
      visitor_id: `v-${session}`,
      session_id: session,
      path: '/plans',
      ts: new Date(now - minutesAgo * 60_000).toISOString(),
      amount: 20,
      currency,
    });
    await insert(env.store, [pay('b1', 90, 'GBP'), pay('b2', 80, 'GBP'), pay('b3', 70, 'USD')]);
    const create = async (extra: object) => {
      const r = await post(env, env.keys.b, endpointPath('createSplitTest', { propertyId: PROP_B }), {
        ...body,
        ...extra,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return experimentResponse.parse(r.body);
    };
    const given = await create({ name: 'Given', currency: 'EUR' });
    expect(given.currency).toBe('EUR');
    const taken = await create({ name: 'Taken' });
    expect(taken.currency).toBe('GBP');
    // Stored with the test: USD payments arriving later do not change it.
    await insert(env.store, [pay('b4', 1, 'USD'), pay('b5', 1, 'USD'), pay('b6', 1, 'USD')]);
    expect((await env.store.getExperiment(PROP_B, taken.experiment_id))?.currency).toBe('GBP');
    const r = await get(
      env,
      env.keys.b,
      endpointPath('splitTest', { propertyId: PROP_B, experimentId: taken.experiment_id }),
    );
    expect(experimentDetailResponse.parse(r.body).currency).toBe('GBP');
  });
});
