import { describe, expect, it } from 'vitest';
import { settledPrevious } from './settled-previous.js';

const read = (data: number | undefined, isPlaceholderData: boolean) => ({ data, isPlaceholderData });

describe('settled previous period', () => {
  it('gives the previous data once both periods are the asked-for ranges', () => {
    expect(settledPrevious(read(30, false), read(20, false))).toBe(20);
  });

  it('is unknown while the previous period still shows the old range', () => {
    expect(settledPrevious(read(30, false), read(20, true))).toBeUndefined();
  });

  it('is unknown while the current period still shows the old range, even if the previous one has arrived', () => {
    // 30d → 7d: the new previous 7 days arrived first; the 30-day current figure must not be compared with it.
    expect(settledPrevious(read(3000, true), read(700, false))).toBeUndefined();
  });

  it('is unknown before the previous period has loaded at all', () => {
    expect(settledPrevious(read(30, false), read(undefined, false))).toBeUndefined();
  });
});
