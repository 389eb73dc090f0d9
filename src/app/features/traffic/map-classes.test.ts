import { describe, expect, it } from 'vitest';
import { classOf, classRanges, mapClasses, stepStrength } from './map-classes.js';

const en = (n: number) => n.toLocaleString('en-US');

describe('country map colour steps', () => {
  it('splits 1..max on a log scale in round numbers', () => {
    // 10,000^(i/5) = 1, 6.3, 39.8, 251, 1,585 → rounded down to one digit.
    expect(mapClasses(10_000)).toEqual([1, 6, 30, 200, 1000]);
    expect(classRanges(mapClasses(10_000), 10_000, en)).toEqual(['1–5', '6–29', '30–199', '200–999', '1,000–10,000']);
  });

  it('uses fewer steps when the counts are small, and none without sessions', () => {
    // 3^(i/5) = 1, 1.25, 1.55, 1.93, 2.41 → 1, 1, 1, 1, 2.
    expect(mapClasses(3)).toEqual([1, 2]);
    expect(classRanges([1, 2], 3, en)).toEqual(['1', '2–3']);
    expect(mapClasses(1)).toEqual([1]);
    expect(mapClasses(0)).toEqual([]);
  });

  it('puts each count in its step', () => {
    const bounds = [1, 6, 30, 200, 1000];
    expect([0, 1, 5, 6, 199, 200, 999, 1000, 50_000].map((n) => classOf(n, bounds))).toEqual([
      -1, 0, 0, 1, 2, 3, 3, 4, 4,
    ]);
  });

  it('keeps the palest step visibly coloured', () => {
    expect([0, 1, 2, 3, 4].map((s) => stepStrength(s, 5))).toEqual([30, 40, 60, 80, 100]);
    expect(stepStrength(0, 1)).toBe(100);
  });
});
