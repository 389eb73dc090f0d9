import { describe, expect, it } from 'vitest';
import { chanceToBeat } from './beta-comparison.js';
import { chance, monteCarloChance, stats } from '../test-support/statistics-checks.js';

describe('chance to beat control', () => {
  it('matches integrals worked by hand on one-session samples', () => {
    // 1/1 vs 0/1: Beta(2,1) has density 2x, Beta(1,2) has CDF 2y − y²; ∫ 2x(2x − x²) dx = 4/3 − 1/2 = 5/6.
    expect(chance([1, 1], [1, 0])).toBeCloseTo(5 / 6, 9);
    // 2/2 vs 0/1: Beta(3,1) has density 3x²; ∫ 3x²(2x − x²) dx = 3/2 − 3/5 = 9/10.
    expect(chance([2, 2], [1, 0])).toBeCloseTo(0.9, 9);
    // 0/1 vs 1/1: the complement of the first case, 1/6.
    expect(chance([1, 0], [1, 1])).toBeCloseTo(1 / 6, 9);
  });

  it('is one half for equal counts at every size, including the normal approximation', () => {
    for (const arm of [
      [1_000, 100],
      [100_000, 5_000],
      [1_000_000, 150_000],
    ] as [number, number][]) {
      expect(chance(arm, arm)).toBeCloseTo(0.5, 8);
    }
    // Without a conversion on either side the math still says one half, but the test reports none (below).
    expect(chanceToBeat({ sessions: 10, conversions: 0 }, { sessions: 10, conversions: 0 })).toBeCloseTo(0.5, 8);
  });

  it('is not given until either arm converts: the prior alone would read "50% chance" and −95% to +2,100% (issue 13 §12)', () => {
    // 20 sessions each, no conversion: Beta(1, 21) both, whose interval would run from −97% to about +3,200%.
    expect(
      stats([
        [20, 0],
        [20, 0],
      ]).perVariant[1],
    ).toEqual({
      uplift: null,
      chance_to_beat_control: null,
      uplift_interval: null,
      unavailable_reason: 'no_conversions',
    });
    // One conversion in the variant: a chance (4 of 1 against the control's 0), but no uplift against a rate of 0.
    const one = stats([
      [20, 0],
      [20, 1],
    ]).perVariant[1]!;
    expect(one).toMatchObject({ uplift: null, uplift_interval: null, unavailable_reason: 'no_control_conversions' });
    expect(one.chance_to_beat_control).toBeGreaterThan(0.5);
    // Once the control converts, everything is given and no reason is set.
    expect(
      stats([
        [20, 1],
        [20, 0],
      ]).perVariant[1],
    ).not.toHaveProperty('unavailable_reason');
  });

  it('agrees with a numerical integration of ∫ f_v(x)·F_c(x) dx (mpmath / scipy) to 1e-8', () => {
    const reference: [[number, number], [number, number], number][] = [
      [[50, 3], [50, 1], 0.818781878186],
      [[1_000, 120], [1_000, 100], 0.923183438974],
      [[10_000, 590], [10_000, 600], 0.382554258615],
      [[100_000, 5_300], [100_000, 5_000], 0.998798190503],
      [[100_000, 5_050], [100_000, 5_000], 0.695587622835],
      // Close to the Gamma limit 1 − P(Γ(1) > Γ(4)) = 1 − (1/2)^4 = 0.9375.
      [[10_000, 3], [10_000, 0], 0.93751874852],
    ];
    for (const [variant, control, p] of reference) expect(Math.abs(chance(variant, control) - p)).toBeLessThan(1e-8);
  });

  it('agrees with a seeded Monte Carlo of 10^6 draws within 0.003', () => {
    const cases: [[number, number], [number, number]][] = [
      [
        [50, 3],
        [50, 1],
      ],
      [
        [1_000, 120],
        [1_000, 100],
      ],
      [
        [200, 12],
        [200, 20],
      ],
    ];
    for (const [variant, control] of cases) {
      expect(Math.abs(chance(variant, control) - monteCarloChance(variant, control))).toBeLessThan(0.003);
    }
  });

  it('stays within [0, 1] at the extremes and switches to the normal form smoothly', () => {
    expect(chance([1_000, 0], [1_000, 1_000])).toBeLessThan(1e-12);
    expect(chance([1_000, 1_000], [1_000, 0])).toBeGreaterThan(1 - 1e-12);
    expect(chance([100, 50], [100, 0])).toBeLessThanOrEqual(1);
    // Over 100,000 conversions per arm: normal approximation, checked against the integration.
    expect(Math.abs(chance([1_000_000, 201_000], [1_000_000, 200_000]) - 0.961311470455)).toBeLessThan(1e-6);
    expect(Math.abs(chance([1_000_000, 100_100], [1_000_000, 100_000]) - 0.59314758925)).toBeLessThan(1e-6);
    // 99,999 vs 100,000 conversions: one side of the switch is exact, the other approximate.
    expect(Math.abs(chance([1_000_000, 100_000], [1_000_000, 99_999]) - 0.500940314732)).toBeLessThan(1e-6);
  });
});
