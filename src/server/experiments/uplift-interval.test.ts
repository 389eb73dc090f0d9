import { describe, expect, it } from 'vitest';
import { interval, monteCarloCoverage, stats } from '../test-support/statistics-checks.js';

describe('uplift and its 95% interval', () => {
  it('reports the relative change in conversion rate, or null when the control has no conversions', () => {
    // (0.12 − 0.10) / 0.10 = 0.2
    expect(
      stats([
        [1_000, 100],
        [1_000, 120],
      ]).perVariant[1]!.uplift,
    ).toBeCloseTo(0.2, 12);
    expect(
      stats([
        [1_000, 0],
        [1_000, 120],
      ]).perVariant[1]!.uplift,
    ).toBeNull();
  });

  it('matches the log-normal interval computed with scipy digamma/polygamma', () => {
    // 120/1000 vs 100/1000: mean ψ(121) − ψ(1002) − ψ(101) + ψ(1002) = 0.181491, variance 0.0162519;
    // exp(0.181491 ± 1.959964 · 0.127483) − 1.
    const [low, high] = interval([1_000, 120], [1_000, 100]);
    expect(low).toBeCloseTo(-0.066086, 5);
    expect(high).toBeCloseTo(0.539338, 5);
  });

  it('equals the delta method on log(p_v / p_c) for a large sample', () => {
    // 5500/100000 vs 5000/100000: posterior means 5501/100002 and 5001/100002, log ratio ln(5501/5001) = 0.095292;
    // Var ln p ≈ β / (α(α+β+1)): 94501/(5501·100003) + 95001/(5001·100003) = 1.71784e-4 + 1.89958e-4 = 3.61742e-4,
    // sd 0.0190195; exp(0.095292 ± 1.959964 · 0.0190195) − 1 = [0.059730, 0.141758].
    const [low, high] = interval([100_000, 5_500], [100_000, 5_000]);
    expect(Math.abs(low - 0.05973)).toBeLessThan(1e-4);
    expect(Math.abs(high - 0.141758)).toBeLessThan(1e-4);
  });

  it('covers 95% of a seeded Monte Carlo of the posteriors, about 2.5% outside each end', () => {
    // 200,000 draws: the standard error of a 2.5% share is 0.00035, so ±0.005 is approximation error, not noise.
    const cases: [[number, number], [number, number]][] = [
      [
        [1_000, 30],
        [1_000, 25],
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
      const { below, inside, above } = monteCarloCoverage(variant, control, interval(variant, control));
      expect(Math.abs(inside - 0.95)).toBeLessThan(0.005);
      expect(Math.abs(below - 0.025)).toBeLessThan(0.005);
      expect(Math.abs(above - 0.025)).toBeLessThan(0.005);
    }
  });

  it('contains the observed uplift and narrows about √10-fold with ten times the sessions', () => {
    const widths = [1_000, 10_000, 100_000].map((n) => {
      const [low, high] = interval([n, 0.12 * n], [n, 0.1 * n]);
      expect(low).toBeLessThan(0.2);
      expect(high).toBeGreaterThan(0.2);
      return high - low;
    });
    expect(widths[0] / widths[1]).toBeGreaterThan(2.8);
    expect(widths[1] / widths[2]).toBeGreaterThan(3);
    expect(widths[1] / widths[2]).toBeLessThan(3.3);
  });

  it('never goes below −100%, even for a variant with no conversions', () => {
    const [low, high] = interval([1_000, 0], [1_000, 50]);
    expect(low).toBeGreaterThan(-1);
    expect(high).toBeLessThan(0);
  });
});
