import { describe, expect, it } from 'vitest';
import type { ExperimentDecision } from '../../contract/experiment-decision.js';
import { decisionVerdict } from './decision-verdict.js';

type Decided = Omit<ExperimentDecision, 'verdict'>;
const arm = (label: string, over: Partial<Decided['variants'][number]> = {}): Decided['variants'][number] => ({
  label,
  mean: 0.05,
  uplift: null,
  uplift_interval: null,
  difference: null,
  difference_interval: null,
  p_value: null,
  significant: false,
  better: false,
  visitors: 5_000,
  ...over,
});
const base: Decided = {
  metric: 'visitor_conversion_rate',
  status: 'keep_running',
  winner: null,
  tied_with_winner: [],
  cuped: null,
  metrics: [],
  held_back: [],
  alpha: 0.05,
  interval_level: 0.975,
  variants: [
    arm('Control'),
    arm('A', {
      mean: 0.07,
      uplift: 0.4,
      uplift_interval: [0.12, 0.71],
      p_value: 0.002,
      significant: true,
      better: true,
    }),
    arm('B', {
      mean: 0.068,
      uplift: 0.36,
      uplift_interval: [0.09, 0.66],
      p_value: 0.0046,
      significant: true,
      better: true,
    }),
  ],
  sample_ratio: { p_value: 1, mismatch: false },
  plan: {
    minimum_detectable_effect: 0.1,
    baseline: { source: 'before_test', visitors: 20_000, mean: 0.05 },
    planned_visitors_per_variant: 10_000,
    visitors: 15_000,
    progress: 0.5,
    reached: false,
    days_left: 9,
  },
  min_days: 14,
  days_running: 3.4,
};

describe('the decision in one sentence', () => {
  it('names the winner against the control, with the interval at its level, and those it cannot be told from', () => {
    expect(decisionVerdict({ ...base, status: 'winner', winner: 'A', tied_with_winner: ['B'] }, false)).toBe(
      'A is better than Control on conversion rate per visitor (+40.0%, 97.5% interval +12.0% to +71.0%). ' +
        'B is also better than Control, and the data cannot tell it apart from A. Safe to ship.',
    );
    expect(decisionVerdict({ ...base, status: 'winner', winner: 'A' }, true)).toBe(
      'A was better than Control on conversion rate per visitor (+40.0%, 97.5% interval +12.0% to +71.0%).',
    );
  });

  it('waits for the test’s own minimum days, and says how far along the plan is', () => {
    expect(decisionVerdict({ ...base, status: 'too_early' }, false)).toBe(
      'Too early to call: a call needs 14 whole days so every weekday is in the sample (this is day 4). ' +
        'So far A +40.0%, 97.5% interval +12.0% to +71.0% on conversion rate per visitor; ' +
        '50% of the planned 30,000 visitors, about 9 more days.',
    );
    // Stopped: what it found, never days to go.
    expect(decisionVerdict({ ...base, status: 'too_early' }, true)).toBe(
      'No call when it stopped: A +40.0%, 97.5% interval +12.0% to +71.0% on conversion rate per visitor; 50% of the planned 30,000 visitors.',
    );
  });

  it('gives no call on forged traffic or a broken split, and says why', () => {
    expect(decisionVerdict({ ...base, status: 'looks_forged' }, false)).toMatch(
      /^No call while the traffic looks forged/,
    );
    expect(
      decisionVerdict(
        { ...base, status: 'sample_ratio_mismatch', sample_ratio: { p_value: 0.00001, mismatch: true } },
        false,
      ),
    ).toBe(
      'Visitors are not split between the variants as the test intends (p < 0.0001), so no call can be trusted: check the redirect, the targeting or a cache.',
    );
  });

  it('on a test with a guardrail: the winner hurts none, a better variant held back is named, or none can ship', () => {
    const revenue = {
      goal: 'revenue' as const,
      goal_target: null,
      role: 'guardrail' as const,
      name: 'revenue per visitor',
      metric: 'revenue_per_visitor' as const,
      variants: base.variants.map((v, i) => ({
        ...v,
        visitors: 5_000,
        uplift: i === 1 ? -0.08 : i === 2 ? 0.01 : null,
        uplift_interval:
          i === 1 ? ([-0.15, -0.01] as [number, number]) : i === 2 ? ([-0.05, 0.07] as [number, number]) : null,
      })),
      cuped: null,
      hurt_by: ['A'],
    };
    const guarded = { ...base, metrics: [revenue], held_back: [{ label: 'A', guardrails: ['revenue per visitor'] }] };
    expect(decisionVerdict({ ...guarded, status: 'winner', winner: 'B' }, false)).toBe(
      'B is better than Control on conversion rate per visitor (+36.0%, 97.5% interval +9.0% to +66.0%); it hurts no guardrail. ' +
        'A is also better but hurts revenue per visitor. Safe to ship.',
    );
    expect(
      decisionVerdict(
        { ...guarded, status: 'guardrail_hurt', held_back: [{ label: 'A', guardrails: ['revenue per visitor'] }] },
        false,
      ),
    ).toBe(
      'A is better than Control on conversion rate per visitor (+40.0%, 97.5% interval +12.0% to +71.0%), ' +
        'but it hurts the guardrail revenue per visitor (-8.0%, 97.5% interval -15.0% to -1.0%): do not ship it as it is.',
    );
  });
});
