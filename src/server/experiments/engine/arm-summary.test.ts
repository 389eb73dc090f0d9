import { describe, expect, it } from 'vitest';
import { binaryArm, continuousArm } from './arm-summary.js';

describe('arm summary', () => {
  it('gives a binary arm its rate and the unbiased variance of its zeros and ones', () => {
    // 50 of 1,000 converted: p = 0.05; p(1 − p) = 0.0475; × 1000/999 = 0.04754755.
    const arm = binaryArm(1_000, 50);
    expect(arm.n).toBe(1_000);
    expect(arm.mean).toBe(0.05);
    expect(arm.variance).toBeCloseTo(0.04754755, 8);
    // 1 of 2: values 0 and 1, mean ½, Σ(y − ȳ)² = ½, over n − 1 = 1: ½ (= ¼ · 2/1).
    expect(binaryArm(2, 1).variance).toBe(0.5);
  });

  it('gives a continuous arm the mean and sample variance of its per-visitor values', () => {
    // Values 1, 2, 3, 4, 10: Σy = 20, Σy² = 130, mean 4; (130 − 400/5) / 4 = 12.5.
    expect(continuousArm(5, 20, 130)).toEqual({ n: 5, mean: 4, variance: 12.5 });
    // Every value 0.1 (sum of squares rounds): the variance is 0, never negative.
    expect(continuousArm(3, 0.30000000000000004, 0.03)).toMatchObject({ variance: 0 });
  });

  it('leaves no variance with fewer than two visitors, and mean 0 with none', () => {
    expect(binaryArm(1, 1)).toEqual({ n: 1, mean: 1, variance: 0 });
    expect(binaryArm(0, 0)).toEqual({ n: 0, mean: 0, variance: 0 });
    expect(continuousArm(1, 42, 1764)).toEqual({ n: 1, mean: 42, variance: 0 });
    expect(continuousArm(0, 0, 0)).toEqual({ n: 0, mean: 0, variance: 0 });
  });
});
