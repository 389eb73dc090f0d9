import { describe, expect, it } from 'vitest';
import { holmAdjust } from './holm.js';

describe('Holm adjustment', () => {
  it('steps down through the sorted p-values and keeps them monotone, in the input order', () => {
    // Sorted: 0.01 (×3 = 0.03), 0.03 (×2 = 0.06), 0.04 (×1 = 0.04, raised to the 0.06 before it).
    const adjusted = holmAdjust([0.01, 0.04, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.03, 12);
    expect(adjusted[1]).toBeCloseTo(0.06, 12);
    expect(adjusted[2]).toBeCloseTo(0.06, 12);
    // At α = 0.05 only the first survives: Bonferroni (×3) would give 0.03, 0.12, 0.09, the same call here.
  });

  it('caps at 1 and leaves a single p-value as it is', () => {
    expect(holmAdjust([0.6, 0.7])).toEqual([1, 1]);
    expect(holmAdjust([0.02])).toEqual([0.02]);
    expect(holmAdjust([])).toEqual([]);
  });

  it('rejects more than Bonferroni when the smallest is far below', () => {
    // 0.001 ×2 = 0.002; 0.04 ×1 = 0.04 < 0.05: both significant, where Bonferroni's 0.08 is not.
    const [a, b] = holmAdjust([0.001, 0.04]);
    expect(a).toBeCloseTo(0.002, 12);
    expect(b).toBeCloseTo(0.04, 12);
  });
});
