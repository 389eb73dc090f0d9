import { describe, expect, it } from 'vitest';
import {
  anytimePValue,
  boundaryMultiplier,
  confidenceSequence,
  DEFAULT_TUNING_TOTAL,
  mixtureRho,
} from './confidence-sequence.js';

// α = 0.05: −2 ln α = 5.991465, ln(5.991465 + 1) = 1.944690; ρ² = 7.936155 / N*.
const rho = mixtureRho(0.05, 10_000);

describe('confidence sequence', () => {
  it('tunes ρ so that Nρ² = −2 ln α + ln(1 − 2 ln α) at N*', () => {
    expect(rho * rho * 10_000).toBeCloseTo(7.936155, 6);
    expect(DEFAULT_TUNING_TOTAL).toBe(10_000);
  });

  it('gives the half-width on a hand example', () => {
    // N = N* = 10,000: x = 7.936155; 2(x + 1)/x = 2.252011; √(x + 1)/α = 2.989340/0.05 = 59.786803,
    // ln = 4.090785; c = √(2.252011 · 4.090785) = √9.212494 = 3.035209 (1.96 for one fixed look).
    expect(boundaryMultiplier(10_000, 0.05, rho)).toBeCloseTo(3.035209, 6);
    // se 0.01, estimate 0.02: 0.02 ± 0.03035209.
    const [low, high] = confidenceSequence(0.02, 0.01, 10_000, 0.05, rho)!;
    expect(low).toBeCloseTo(-0.01035209, 8);
    expect(high).toBeCloseTo(0.05035209, 8);
    // N = 2,500 (a quarter of N*): x = 1.984039; 2(x + 1)/x = 3.008045; ln(√2.984039/0.05) = 3.542371;
    // c = √10.655611 = 3.264293: wider before the tuned sample, as the mixture spends little there.
    expect(boundaryMultiplier(2_500, 0.05, rho)).toBeCloseTo(3.264293, 6);
  });

  it('has no interval without a standard error', () => {
    expect(confidenceSequence(0.02, Infinity, 10_000, 0.05, rho)).toBeNull();
  });

  it('gives as p-value the α at which the sequence just reaches 0', () => {
    // z = 3 at N = N*: p = √(x + 1)·exp(−9x/(2(x + 1))) = 2.989340 · exp(−3.996428) = 0.054948, above 0.05
    // although a fixed-horizon z of 3 would give 0.0027: c is 3.035 at α = 0.05.
    const p = anytimePValue(0.03, 0.01, 10_000, rho);
    expect(p).toBeCloseTo(0.054948, 6);
    // At α = p the half-width is exactly the estimate; a little above it excludes 0, a little below not.
    expect(0.01 * boundaryMultiplier(10_000, p, rho)).toBeCloseTo(0.03, 12);
    expect(confidenceSequence(0.03, 0.01, 10_000, p * 1.01, rho)![0]).toBeGreaterThan(0);
    expect(confidenceSequence(0.03, 0.01, 10_000, p * 0.99, rho)![0]).toBeLessThan(0);
    // Symmetric in the sign of the estimate, 1 at no difference or no standard error.
    expect(anytimePValue(-0.03, 0.01, 10_000, rho)).toBe(p);
    expect(anytimePValue(0, 0.01, 10_000, rho)).toBe(1);
    expect(anytimePValue(0.03, Infinity, 10_000, rho)).toBe(1);
    expect(anytimePValue(0.03, 0, 10_000, rho)).toBe(1);
  });
});
