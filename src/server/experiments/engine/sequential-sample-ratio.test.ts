import { describe, expect, it } from 'vitest';
import { sequentialSampleRatio } from './sequential-sample-ratio.js';

describe('sequential sample ratio', () => {
  it('gives the Bayes factor of a Dirichlet mixture against the intended split, by hand', () => {
    // A = 2 (Dirichlet(1, 1), a uniform split), θ = ½, counts 2 and 0:
    // BF = Γ(2)/Γ(4) · Γ(1 + 2)/Γ(1) · Γ(1 + 0)/Γ(1) / (½)² = (1/6) · 2 · 1 · 4 = 4/3, p = 0.75.
    expect(sequentialSampleRatio([2, 0], undefined, 2).pValue).toBeCloseTo(0.75, 12);
    // 1 and 1: BF = (1/6) · 1 · 1 · 4 = 2/3 < 1, p capped at 1.
    expect(sequentialSampleRatio([1, 1], undefined, 2).pValue).toBe(1);
  });

  it('passes an even visitor split and flags the sessions the issue counted', () => {
    // 3,000 / 3,000 visitors (A = 100): BF < 1, p = 1. Sessions 3,000 / 3,600: p = 1.6947e-11 (python's lgamma).
    expect(sequentialSampleRatio([3_000, 3_000])).toEqual({ pValue: 1, mismatch: false });
    const sessions = sequentialSampleRatio([3_000, 3_600]);
    expect(sessions.pValue).toBeCloseTo(1.6947e-11, 14);
    expect(sessions.mismatch).toBe(true);
  });

  it('reads the intended weights, and needs more evidence than one chi-square look', () => {
    // 1,000 and 3,000 against 1:3: exactly as intended, p = 1.
    expect(sequentialSampleRatio([1_000, 3_000], [1, 3]).pValue).toBe(1);
    // 10,400 / 9,600: p = 1.7233e-6 (the chi-square gives 1.5e-8), a mismatch at 0.001.
    expect(sequentialSampleRatio([10_400, 9_600]).pValue).toBeCloseTo(1.7233e-6, 9);
    // 300 / 100, a small site's broken split: p = 2.8e-18 (A = 10,000 gave 0.15 and missed it).
    expect(sequentialSampleRatio([300, 100]).mismatch).toBe(true);
    expect(sequentialSampleRatio([5_000])).toEqual({ pValue: null, mismatch: false });
  });
});
