import { describe, expect, it } from 'vitest';
import { experimentDetailResponse, variantStats } from '../../contract/experiments.js';
import { labels, stats } from '../test-support/statistics-checks.js';

describe('winner, required sample and verdict', () => {
  it('calls a clear winner once the classical sample for the observed effect is in', () => {
    // 5% vs 6%: p̄ = 0.055; (1.959964·√(2·0.055·0.945) + 0.841621·√(0.05·0.95 + 0.06·0.94))² / 0.01² = 8157.7 → 8158.
    const result = stats([
      [10_000, 500],
      [10_000, 600],
    ]);
    expect(result.min_sessions_per_variant).toBe(8158);
    expect(result.perVariant[1]!.chance_to_beat_control).toBeCloseTo(0.99903919674, 8);
    expect(result).toMatchObject({ can_call_winner: true, winner_index: 1, estimated_days_to_call: null });
    expect(result.verdict).toBe(
      'Variant B beats Control with > 99.9% chance (+20.0% conversion rate); enough data to call it.',
    );
  });

  it('calls the control when it beats the variant', () => {
    const result = stats([
      [10_000, 600],
      [10_000, 500],
    ]);
    expect(result).toMatchObject({ can_call_winner: true, winner_index: 0 });
    expect(result.verdict).toBe(
      'Control beats Variant B with > 99.9% chance (Variant B: -16.7% conversion rate); enough data to call it.',
    );
  });

  it('waits for the classical sample and estimates the days from current traffic', () => {
    // 10% vs 12%: (1.959964·√(2·0.11·0.89) + 0.841621·√(0.09 + 0.1056))² / 0.02² = 3840.8 → 3841 (R's power.prop.test: 3841).
    expect(
      stats([
        [1_000, 100],
        [1_000, 120],
      ]).min_sessions_per_variant,
    ).toBe(3841);
    // 5% vs 6% at 2000 sessions each after 4 days: 500 per arm per day; (8158 − 2000) / 500 = 12.3 → 13 days.
    const result = stats(
      [
        [2_000, 100],
        [2_000, 120],
      ],
      4,
    );
    expect(result.perVariant[1]!.chance_to_beat_control).toBeLessThan(0.95);
    expect(result).toMatchObject({ can_call_winner: false, winner_index: null, estimated_days_to_call: 13 });
    expect(result.verdict).toBe(
      'No winner yet: Variant B has 91.6% chance to beat Control; about 13 more days at current traffic.',
    );
  });

  it('does not call a 99% chance on an early sample (the 1,000-session floor)', () => {
    // 5% vs 10%: the classical size is 434.4 → 435, raised to the 1,000 floor; 400 per arm after 2 days is
    // 200 per arm per day, so (1000 − 400) / 200 = 3 days. Control also has only 20 of 25 conversions.
    const result = stats(
      [
        [400, 20],
        [400, 40],
      ],
      2,
    );
    expect(result.perVariant[1]!.chance_to_beat_control).toBeCloseTo(0.996359797142, 8);
    expect(result).toMatchObject({
      min_sessions_per_variant: 1_000,
      can_call_winner: false,
      estimated_days_to_call: 3,
    });
    expect(result.verdict).toBe(
      'No winner yet: Variant B has 99.6% chance to beat Control; about 3 more days at current traffic.',
    );
  });

  it('waits for 25 conversions per variant', () => {
    // 1% vs 3%: classical 768 → floor 1,000, already reached. Control has 10 conversions: at its posterior
    // rate 11/1002 it needs (25 − 10) · 1002 / 11 = 1366.4 → 1367 more sessions; at 2000 / 10 / 2 = 100 per
    // arm per day that is 13.7 → 14 days.
    const result = stats(
      [
        [1_000, 10],
        [1_000, 30],
      ],
      10,
    );
    expect(result).toMatchObject({
      min_sessions_per_variant: 1_000,
      can_call_winner: false,
      estimated_days_to_call: 14,
    });
    expect(result.verdict).toBe(
      'No winner yet: Variant B has > 99.9% chance to beat Control; about 14 more days at current traffic.',
    );
  });

  it('judges several variants against their closest rival', () => {
    // B 6.0% and C 5.9%: B beats Control but not C; sizing 5.9% vs 6.0% gives 878,442, capped at 100,000;
    // 30,000 sessions over 10 days is 1,000 per arm per day, so 90,000 more sessions take 90 days.
    const close = stats(
      [
        [10_000, 500],
        [10_000, 600],
        [10_000, 590],
      ],
      10,
    );
    expect(close).toMatchObject({
      min_sessions_per_variant: 100_000,
      can_call_winner: false,
      estimated_days_to_call: 90,
    });
    expect(close.verdict).toBe(
      'No winner yet: Variant B has > 99.9% chance to beat Control but only 61.7% to beat Variant C; about 90 more days at current traffic.',
    );
    // B 7.0% vs its closest rival C 5.2%: 2773.98 → 2774 sessions per arm, all reached.
    const clear = stats(
      [
        [10_000, 500],
        [10_000, 700],
        [10_000, 520],
      ],
      10,
    );
    expect(clear).toMatchObject({ min_sessions_per_variant: 2_774, can_call_winner: true, winner_index: 1 });
    expect(clear.verdict).toBe(
      'Variant B beats Control with > 99.9% chance (+40.0% conversion rate) and every other variant with > 99.9%; enough data to call it.',
    );
  });

  it('says when the full sample is in but the difference is too small to call', () => {
    const result = stats(
      [
        [100_000, 5_000],
        [100_000, 5_050],
      ],
      30,
    );
    expect(result).toMatchObject({
      min_sessions_per_variant: 100_000,
      can_call_winner: false,
      estimated_days_to_call: null,
    });
    expect(result.verdict).toBe(
      'No winner yet: Variant B has 69.5% chance to beat Control; with 100,000 sessions per variant, any difference is likely too small to matter.',
    );
  });

  it('states the requirement when the traffic rate is unknown', () => {
    const result = stats(
      [
        [300, 15],
        [300, 20],
      ],
      0,
    );
    expect(result.estimated_days_to_call).toBeNull();
    expect(result.verdict).toMatch(
      /; each variant needs [\d,]+ sessions and 25 conversions before a winner can be called\.$/,
    );
  });

  it('handles an experiment with no sessions, no conversions or an unserved variant', () => {
    const empty = stats([
      [0, 0],
      [0, 0],
    ]);
    expect(empty).toMatchObject({
      sample_ratio_p_value: null,
      sample_ratio_mismatch: false,
      winner_index: null,
      estimated_days_to_call: null,
      verdict: 'No sessions yet.',
    });
    expect(empty.perVariant).toEqual([
      null,
      { uplift: null, chance_to_beat_control: null, uplift_interval: null, unavailable_reason: 'no_sessions' },
    ]);
    // 100 sessions each over 2 days: 50 per arm per day; 25 conversions at posterior rate 1/102 need 2550 sessions → 51 days.
    expect(
      stats(
        [
          [100, 0],
          [100, 0],
        ],
        2,
      ).verdict,
    ).toBe(
      'No conversions yet: every variant needs at least 25 before a winner can be called; about 51 more days at current traffic.',
    );
    const unserved = stats([
      [5, 1],
      [0, 0],
    ]);
    expect(unserved.verdict).toBe('No winner yet: Variant B has no sessions yet.');
    expect(unserved.perVariant[1]).toEqual({
      uplift: null,
      chance_to_beat_control: null,
      uplift_interval: null,
      unavailable_reason: 'no_sessions',
    });
  });

  it('produces values the API contract accepts', () => {
    const result = stats([
      [10_000, 500],
      [10_000, 600],
      [10_000, 590],
    ]);
    for (const v of result.perVariant.slice(1)) expect(variantStats.safeParse(v).success).toBe(true);
    const { perVariant: _, winner_index, ...rest } = result;
    const shape = experimentDetailResponse.shape.stats;
    expect(shape.safeParse({ ...rest, winner: winner_index === null ? null : labels[winner_index] }).success).toBe(
      true,
    );
  });
});
