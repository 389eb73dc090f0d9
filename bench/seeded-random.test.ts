import { describe, expect, it } from 'vitest';
import { share } from './experiments-report.js';
import { binomial, normal, seededRandom, sessionsOfVisitor } from './seeded-random.js';

describe('the simulations’ random draws', () => {
  it('repeats a stream from its seed and differs between seeds', () => {
    const a = seededRandom(42_001);
    const b = seededRandom(42_001);
    const firsts = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(firsts);
    expect(seededRandom(42_002)()).not.toBe(firsts[0]);
    expect(firsts.every((u) => u >= 0 && u < 1)).toBe(true);
  });

  it('draws binomials, normals and sessions with the means and spreads they should have', () => {
    const random = seededRandom(7);
    const draws = 20_000;
    // Binomial(500, 0.05): mean 25, variance 23.75; the mean of 20,000 draws is within 4 standard errors
    // (4·√(23.75/20,000) = 0.14). Both branches: the gaps between successes (p ≤ 0.2) and one draw per trial.
    for (const [n, p] of [
      [500, 0.05],
      [1_000, 0.5],
    ]) {
      const xs = Array.from({ length: draws }, () => binomial(random, n, p));
      const mean = xs.reduce((s, x) => s + x, 0) / draws;
      const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (draws - 1);
      expect(Math.abs(mean - n * p)).toBeLessThan(4 * Math.sqrt((n * p * (1 - p)) / draws));
      expect(variance / (n * p * (1 - p))).toBeCloseTo(1, 1);
    }
    const zs = Array.from({ length: draws }, () => normal(random));
    expect(Math.abs(zs.reduce((s, z) => s + z, 0) / draws)).toBeLessThan(4 / Math.sqrt(draws));
    // Sessions 1 + Geometric: mean 2 means variance (1 − q)/q² = 2 at q = ½; 4·√(2/20,000) = 0.04.
    const sessions = Array.from({ length: draws }, () => sessionsOfVisitor(random, 2));
    expect(Math.abs(sessions.reduce((s, x) => s + x, 0) / draws - 2)).toBeLessThan(0.04);
    expect(Math.min(...sessions)).toBe(1);
    expect(sessionsOfVisitor(random, 1)).toBe(1);
  });

  it('writes a share with its 95% Wilson interval', () => {
    // 4 of 2,000: p = 0.2%; Wilson centre (0.002 + 1.9208/2000)/(1 + 3.8415/2000), interval 0.078% to 0.513%.
    expect(share(4, 2_000)).toBe('0.20% (0.08%–0.51%)');
    expect(share(0, 2_000)).toBe('0.00% (0.00%–0.19%)');
  });
});
