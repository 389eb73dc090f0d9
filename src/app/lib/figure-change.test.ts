import { describe, expect, it } from 'vitest';
import { figureChange } from './figure-change.js';

// The test runner's locale may not be English; the figures are checked through the same formatter.
const pct = (r: number) =>
  new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(r);
const pts = (n: number) =>
  `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(n)} pts`;

describe('figure change', () => {
  it('is unknown until the previous period is there', () => {
    expect(figureChange(10, undefined)).toEqual({ kind: 'unknown' });
  });

  it('compares nothing with a rate that has no base, in either period (issue 13 §3)', () => {
    // An empty range's bounce rate is null, not 0%: no green "−44.1 pts" against last week's 44.1%
    expect(figureChange(null, 0.441, { points: true, lowerIsBetter: true })).toEqual({
      kind: 'no-base',
      text: 'nothing to compare',
    });
    expect(figureChange(0.3, null, { points: true })).toEqual({ kind: 'no-base', text: 'nothing to compare' });
    expect(figureChange(null, undefined)).toEqual({ kind: 'unknown' });
  });

  it('measures counts relatively: 120 after 100 is +20%, good', () => {
    expect(figureChange(120, 100)).toEqual({ kind: 'change', text: pct(0.2), tone: 'good' });
    expect(figureChange(75, 100)).toEqual({ kind: 'change', text: pct(-0.25), tone: 'bad' });
  });

  it('says how many times over, not a five-digit percentage, when the previous period was almost empty', () => {
    expect(figureChange(6_840, 10)).toEqual({ kind: 'change', text: '684×', tone: 'good' });
    expect(figureChange(999, 100).kind === 'change' && figureChange(999, 100)).toMatchObject({ text: pct(8.99) });
  });

  it('says "new" or "no change" after a zero instead of an infinite percentage', () => {
    expect(figureChange(5, 0)).toEqual({ kind: 'from-zero', text: 'new' });
    expect(figureChange(0, 0)).toEqual({ kind: 'from-zero', text: 'no change' });
  });

  it('measures rates in points, and a rising bounce rate is bad news', () => {
    expect(figureChange(0.44, 0.4, { points: true, lowerIsBetter: true })).toEqual({
      kind: 'change',
      text: pts(4),
      tone: 'bad',
    });
    expect(figureChange(0.35, 0.4, { points: true, lowerIsBetter: true })).toEqual({
      kind: 'change',
      text: pts(-5),
      tone: 'good',
    });
    // From a zero rate points still make sense: 0% → 12.5% scroll depth is +12.5 pts.
    expect(figureChange(0.125, 0, { points: true })).toEqual({ kind: 'change', text: pts(12.5), tone: 'good' });
  });

  it('does not colour a change too small to show', () => {
    expect(figureChange(100_000, 100_001)).toMatchObject({ kind: 'change', tone: 'neutral' });
    expect(figureChange(0.4, 0.4004, { points: true })).toMatchObject({ kind: 'change', tone: 'neutral' });
  });
});
