import { describe, expect, it } from 'vitest';
import { SAMPLE_RATIO_P_THRESHOLD, sampleRatio } from './sample-ratio.js';

describe('sample ratio', () => {
  it('sees no mismatch in an even visitor split, whatever the returning visitors do to sessions', () => {
    // Issue 42: 3,000 visitors an arm, 300 of the variant's back for 3 sessions: sessions 3,000 / 3,600.
    // Visitors: χ² = 0, p = 1.
    expect(sampleRatio([3_000, 3_000])).toEqual({ pValue: 1, mismatch: false });
    // Counting sessions would alarm: expected 3,300; χ² = 2·300²/3,300 = 54.545; p = 1.519e-13.
    const sessions = sampleRatio([3_000, 3_600]);
    expect(sessions.pValue).toBeCloseTo(1.519e-13, 15);
    expect(sessions.mismatch).toBe(true);
  });

  it('flags p < 0.001 and not just above it', () => {
    // 5,000 vs 5,340: χ² = 2·170²/5,170 = 11.1799 > 10.828 (df 1 at 0.001); p = 0.00082689.
    const off = sampleRatio([5_000, 5_340]);
    expect(off.pValue).toBeCloseTo(0.00082689, 7);
    expect(off.mismatch).toBe(true);
    // 5,000 vs 5,300: χ² = 2·150²/5,150 = 8.7379, p = erfc(√(χ²/2)) = 0.0031167: no mismatch.
    expect(sampleRatio([5_000, 5_300]).mismatch).toBe(false);
    expect(SAMPLE_RATIO_P_THRESHOLD).toBe(0.001);
  });

  it('tests against the intended weights', () => {
    // 1,000 and 3,000 with weights 1:3: expected exactly that, χ² = 0.
    expect(sampleRatio([1_000, 3_000], [1, 3]).pValue).toBe(1);
    // 1,000 and 2,100 with weights 1:2: expected 1,033.33 and 2,066.67; χ² = 1.0753 + 0.5376 = 1.6129,
    // p = 0.204084.
    expect(sampleRatio([1_000, 2_100], [1, 2]).pValue).toBeCloseTo(0.204084, 6);
    // An even split read against 1:3 is a mismatch.
    expect(sampleRatio([2_000, 2_000], [1, 3]).mismatch).toBe(true);
  });

  it('has nothing to test without two arms, visitors or positive weights', () => {
    expect(sampleRatio([5_000])).toEqual({ pValue: null, mismatch: false });
    expect(sampleRatio([0, 0])).toEqual({ pValue: null, mismatch: false });
    expect(sampleRatio([10, 10], [1, 0])).toEqual({ pValue: null, mismatch: false });
  });
});
