import { describe, expect, it } from 'vitest';
import { stats } from '../test-support/statistics-checks.js';

describe('sample ratio mismatch', () => {
  it('gives the chi-square p-value of the split, checked against erfc and exp closed forms', () => {
    // 5000 vs 5300: expected 5150 each; χ² = 2 · 150² / 5150 = 8.737864; df 1: p = erfc(√(χ²/2)) = 0.0031167.
    expect(
      stats([
        [5_000, 250],
        [5_300, 270],
      ]).sample_ratio_p_value,
    ).toBeCloseTo(0.0031167, 6);
    // df 2: p = exp(−χ²/2). 1000, 1000, 1060: expected 1020; χ² = (400 + 400 + 1600) / 1020 = 2.352941; p = 0.308365.
    expect(
      stats([
        [1_000, 50],
        [1_000, 50],
        [1_060, 50],
      ]).sample_ratio_p_value,
    ).toBeCloseTo(0.308365, 5);
    // df 3 (scipy.stats.chisquare): 1000, 1050, 980, 1010 → χ² = 2.574257, p = 0.462020.
    expect(
      stats([
        [1_000, 50],
        [1_050, 50],
        [980, 50],
        [1_010, 50],
      ]).sample_ratio_p_value,
    ).toBeCloseTo(0.46202, 5);
  });

  it('flags p < 0.001 and refuses to call a winner on a broken split', () => {
    // 5000 vs 5340: χ² = 2 · 170² / 5170 = 11.1799 > 10.828 (df 1 critical value at 0.001); p = 0.00082689.
    const result = stats([
      [5_000, 250],
      [5_340, 400],
    ]);
    expect(result.sample_ratio_p_value).toBeCloseTo(0.00082689, 7);
    expect(result.sample_ratio_mismatch).toBe(true);
    expect(result.perVariant[1]!.chance_to_beat_control).toBeGreaterThan(0.999);
    expect(result.can_call_winner).toBe(false);
    expect(result.winner_index).toBeNull();
    expect(result.estimated_days_to_call).toBeNull();
    expect(result.verdict).toBe(
      "Sample ratio mismatch (p = 0.0008): sessions are not split evenly, so results can't be trusted — check the redirect or targeting.",
    );
    // 1000, 1000, 1200: expected 3200/3; χ² = (2 · 66.67² + 133.33²) / 1066.67 = 25; p = e^−12.5 = 3.7e-6.
    const three = stats([
      [1_000, 50],
      [1_000, 50],
      [1_200, 60],
    ]);
    expect(three.sample_ratio_p_value).toBeCloseTo(Math.exp(-12.5), 9);
    expect(three.verdict).toMatch(/^Sample ratio mismatch \(p < 0\.0001\)/);
  });

  it('does not flag a normal imbalance (500 vs 560: χ² = 3.396, p = 0.0653)', () => {
    const result = stats([
      [500, 25],
      [560, 28],
    ]);
    expect(result.sample_ratio_p_value).toBeCloseTo(0.065346, 5);
    expect(result.sample_ratio_mismatch).toBe(false);
  });
});
