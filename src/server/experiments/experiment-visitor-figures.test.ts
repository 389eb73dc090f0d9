import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../contract/events.js';
import type { CreateExperimentBody } from '../../contract/experiments.js';
import type { ExperimentRecord } from '../store/store.js';
import { createTestEnv, insert, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { newExperiment } from './experiment-records.js';

/**
 * The visitor as the unit (issue 42 §1, §2), on both stores. Times are minutes after T0; every test
 * was created an hour before. Visitors (v…) and their sessions:
 *
 *   a (v0)  s a1: view /pricing 0 · exposure 0.1 · leaves at 1
 *           s a2: view /pricing 60 · exposure 60.1 · click /pricing 61 · revenue 10 at 62 · leaves at 62  (converts in its 2nd session)
 *   b (v0)  s b1: view /pricing 0 · exposure 0.1 · revenue 1000 at 2                                        (a 1,000 order: capped)
 *   c (v1)  s c1: view /pricing 0 · exposure 0.1 · leaves at 1
 *           s c2: view /pricing 30 · exposure to v0 at 30.1 (its first was v1: still v1) · leaves at 32
 *           s c3: view /pricing 90 · exposure 90.1 · revenue 20 at 91 · revenue 10 at 91.5
 *   d (v1)  s d1: click /pricing −5 and revenue 500 at −4 (before any exposure: never counted) ·
 *                 view /pricing 0 · exposure 0.1 · revenue 30 at 3
 *   e (v1)  s e1: view /pricing 0 · exposure 0.1 · revenue 40 at 2
 *
 * Visitors: 2 and 3. (Sessions: 4 and 4, as c2's exposure names the control.)
 * Revenue per visitor: a 10, b 1000 | c 30, d 30, e 40. Non-zero values 10, 30, 30, 40, 1000: the cap
 * is their 99.5th percentile, at position (5 − 1) · 0.995 = 3.98 between 40 and 1000: 40 + 0.98 · 960
 * = 980.8. Capped sums: v0 10 + 980.8 = 990.8, squares 100 + 961,968.64 = 962,068.64;
 * v1 30 + 30 + 40 = 100, squares 900 + 900 + 1,600 = 3,400.
 * Session time per visitor (mean of its sessions, from each one's first event at or after the
 * exposure to its last): a (54 s + 120 s) / 2 = 87 s, b 114 s | c (54 + 120 + 90) / 3 = 88 s (c2 and
 * c3 from their page views at 30 and 90, after the first exposure), d 174 s, e 114 s.
 */
const T0 = Date.parse('2026-03-02T10:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

let env: TestEnv;
const tests: Record<string, ExperimentRecord> = {};
const bodies: [string, Pick<CreateExperimentBody, 'goal'>][] = [
  ['click_through', {}],
  ['revenue', { goal: 'revenue' }],
  ['session_time', { goal: 'session_time' }],
];

function events(id: string, baseline: boolean): EventInput[] {
  const ev = (
    visitor: string,
    session: string,
    type: EventInput['type'],
    minutes: number,
    extra: Partial<EventInput> = {},
  ): EventInput => ({
    type,
    property_id: PROP_A,
    visitor_id: `${id}-vis-${visitor}`,
    session_id: `${id}-${session}`,
    ts: at(minutes),
    path: '/pricing',
    ...extra,
  });
  const visit = (visitor: string, session: string, minutes: number, variant: number) => [
    ev(visitor, session, 'pageview', minutes),
    ev(visitor, session, 'exposure', minutes + 0.1, { experiment_id: id, variant }),
  ];
  const pay = (amount: number) => ({ amount, currency: 'EUR' });
  const days = (n: number) => n * -24 * 60;
  return [
    // Before the tests (each began an hour before T0), once for all of them: their baseline. p views
    // /pricing 2 days before, clicks and pays 50; q views it 3 days before; r only /about; s 30 days
    // before (outside the 28).
    ...(baseline
      ? [
          ev('p', 'p0', 'pageview', days(2)),
          ev('p', 'p0', 'click', days(2) + 1, { target: '#cta' }),
          ev('p', 'p0', 'revenue', days(2) + 2, pay(50)),
          ev('q', 'q0', 'pageview', days(3)),
          ev('q', 'q0', 'pageview', days(3) + 2, { path: '/about' }),
          ev('r', 'r0', 'pageview', days(4), { path: '/about' }),
          ev('s', 's0', 'pageview', days(30)),
          ev('s', 's0', 'click', days(30) + 1, { target: '#cta' }),
        ]
      : []),
    ...visit('a', 'a1', 0, 0),
    ev('a', 'a1', 'pageview', 1),
    ...visit('a', 'a2', 60, 0),
    ev('a', 'a2', 'click', 61, { target: '#cta' }),
    ev('a', 'a2', 'revenue', 62, pay(10)),
    ...visit('b', 'b1', 0, 0),
    ev('b', 'b1', 'revenue', 2, pay(1000)),
    ...visit('c', 'c1', 0, 1),
    ev('c', 'c1', 'pageview', 1),
    ...visit('c', 'c2', 30, 0),
    ev('c', 'c2', 'pageview', 32),
    ...visit('c', 'c3', 90, 1),
    ev('c', 'c3', 'revenue', 91, pay(20)),
    ev('c', 'c3', 'revenue', 91.5, pay(10)),
    ev('d', 'd1', 'click', -5, { target: '#cta' }),
    ev('d', 'd1', 'revenue', -4, pay(500)),
    ...visit('d', 'd1', 0, 1),
    ev('d', 'd1', 'revenue', 3, pay(30)),
    ...visit('e', 'e1', 0, 1),
    ev('e', 'e1', 'revenue', 2, pay(40)),
  ];
}

beforeAll(async () => {
  env = await createTestEnv();
  for (const [name, body] of bodies) {
    const e = newExperiment(
      PROP_A,
      {
        name,
        page: '/pricing',
        type: 'nocode',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'B' }] }],
        ...body,
      },
      new Date(T0 - 3_600_000),
    );
    const withCurrency = { ...e, currency: 'EUR' };
    await env.store.createExperiment(withCurrency);
    tests[name] = withCurrency;
    await insert(env.store, events(e.id, name === 'click_through'));
  }
});
afterAll(() => env.close());

describe('split-test figures per visitor', () => {
  it('reads the baseline from the 28 days before the test, each visitor from its first view of the page', async () => {
    expect(await env.store.experimentBaseline(tests.click_through)).toEqual({
      visitors: 2,
      converted_visitors: 1,
      value: null,
      covariate: null,
    });
    expect(await env.store.experimentBaseline(tests.revenue)).toMatchObject({
      visitors: 2,
      converted_visitors: 1,
      value: { sum: 50, capped_sum: 50, capped_sum_of_squares: 2_500, cap: 50 },
    });
    // q's session: 2 minutes from its view of /pricing; p's: 2 minutes.
    expect((await env.store.experimentBaseline(tests.session_time)).value?.sum).toBeCloseTo(240, 9);
  });

  it('counts each visitor once, for the variant of its first exposure, converted by any later session', async () => {
    const sessions = await env.store.experimentFigures(tests.click_through);
    // By sessions, c2 (exposed to the control) counts for the control: 4 and 4.
    expect(sessions.map((f) => [f.sessions, f.conversions])).toEqual([
      [4, 1],
      [4, 0],
    ]);
    // d's click and payment before its exposure are in the session it was exposed in: not history.
    const none = { with_history: 0, x_sum: 0, x_sum_of_squares: 0, xy_sum: 0, hy_sum: 0 };
    expect(await env.store.experimentVisitorFigures(tests.click_through)).toEqual([
      { visitors: 2, converted_visitors: 1, value: null, covariate: none },
      { visitors: 3, converted_visitors: 0, value: null, covariate: none },
    ]);
  });

  it('sums revenue per visitor, capped at the 99.5th percentile of the non-zero values, raw sums kept', async () => {
    const [control, variant] = await env.store.experimentVisitorFigures(tests.revenue);
    expect(control).toMatchObject({ visitors: 2, converted_visitors: 2 });
    expect(variant).toMatchObject({ visitors: 3, converted_visitors: 3 });
    expect(control.value?.sum).toBeCloseTo(1010, 9);
    expect(control.value?.cap).toBeCloseTo(980.8, 9);
    expect(control.value?.capped_sum).toBeCloseTo(990.8, 9);
    expect(control.value?.capped_sum_of_squares).toBeCloseTo(962_068.64, 6);
    expect(variant.value?.sum).toBeCloseTo(100, 9);
    expect(variant.value?.capped_sum).toBeCloseTo(100, 9);
    expect(variant.value?.capped_sum_of_squares).toBeCloseTo(3_400, 9);
  });

  it('takes a visitor’s mean session time over its sessions from the exposure on', async () => {
    const [control, variant] = await env.store.experimentVisitorFigures(tests.session_time);
    expect(control.visitors).toBe(2);
    expect(control.value?.sum).toBeCloseTo(87 + 114, 9);
    expect(variant.value?.sum).toBeCloseTo(88 + 174 + 114, 9);
    // Converted: a session of at least 60 s from its first event on (a2, b1 | c2 and c3, d1, e1).
    expect([control.converted_visitors, variant.converted_visitors]).toEqual([2, 3]);
  });
});
