import { describe, expect, it } from 'vitest';
import { binaryArm, continuousArm } from './arm-summary.js';
import { compare } from './compare.js';

describe('compare', () => {
  it('gives the difference, its Welch standard error and the uplift with its delta-method error', () => {
    // Control 250/5,000 (p₀ 0.05, v₀ = 0.0475·5000/4999 = 0.04750950), variant 350/5,000 (p₁ 0.07,
    // v₁ = 0.0651·5000/4999 = 0.06511302). d = 0.02; se = √((0.04750950 + 0.06511302)/5000) = 0.00474600.
    // Uplift 0.07/0.05 − 1 = 0.4; Var = v₁/(n·p₀²) + p₁²v₀/(n·p₀⁴) = 0.06511302/12.5 + 0.0049·0.04750950/0.03125
    // = 0.00520904 + 0.00744949 = 0.01265853 (√ 0.11251014).
    const c = compare(binaryArm(5_000, 250), binaryArm(5_000, 350));
    expect(c.difference).toBeCloseTo(0.02, 12);
    expect(c.standardError).toBeCloseTo(0.004746, 6);
    expect(c.uplift).toBeCloseTo(0.4, 12);
    expect(c.upliftStandardError).toBeCloseTo(0.11251014, 7);
    expect(c.totalVisitors).toBe(10_000);
  });

  it('compares revenue per visitor, not the share who paid (issue 42: 2.76 vs 3.38)', () => {
    // See decide.test.ts for the construction: v₀ = 282.836542, v₁ = 936.908445, n = 20,000 each.
    // d = 0.62, se = √((282.836542 + 936.908445)/20000) = 0.246956, z = 2.5106 (the Welch z 2.51).
    const c = compare(continuousArm(20_000, 55_200, 5_808_800), continuousArm(20_000, 67_600, 18_965_720));
    expect(c.difference).toBeCloseTo(0.62, 12);
    expect(c.standardError).toBeCloseTo(0.246956, 6);
    expect(c.uplift).toBeCloseTo(0.62 / 2.76, 12);
  });

  it('has no uplift against a control at 0, and no standard error with under two visitors in an arm', () => {
    const none = compare(binaryArm(1_000, 0), binaryArm(1_000, 10));
    expect(none.uplift).toBeNull();
    expect(none.upliftStandardError).toBeNull();
    // Only the variant varies: v₁ = 0.0099·1000/999 = 0.00990991; se = √(v₁/1000) = 0.00314800.
    expect(none.standardError).toBeCloseTo(0.003148, 8);
    const tiny = compare(binaryArm(1, 0), binaryArm(1_000, 10));
    expect(tiny.standardError).toBe(Infinity);
  });
});
