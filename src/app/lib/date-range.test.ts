import { describe, expect, it } from 'vitest';
import { defaultGranularity, resolveRange, todayIn, granularityFits } from './date-range.js';

const today = '2026-03-05';

describe('date ranges', () => {
  it('resolves each preset to inclusive calendar dates', () => {
    expect(resolveRange({ range: 'today' }, today)).toEqual({ start: '2026-03-05', end: '2026-03-05' });
    expect(resolveRange({ range: 'yesterday' }, today)).toEqual({ start: '2026-03-04', end: '2026-03-04' });
    expect(resolveRange({ range: '7d' }, today)).toEqual({ start: '2026-02-27', end: '2026-03-05' });
    expect(resolveRange({ range: '30d' }, today)).toEqual({ start: '2026-02-04', end: '2026-03-05' });
    expect(resolveRange({ range: 'mtd' }, today)).toEqual({ start: '2026-03-01', end: '2026-03-05' });
    expect(resolveRange({ range: 'last-month' }, today)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(resolveRange({ range: 'custom', from: '2026-01-10', to: '2026-01-20' }, today)).toEqual({
      start: '2026-01-10',
      end: '2026-01-20',
    });
  });

  it('reads a backwards custom range the right way round, and falls back to 30 days when dates are missing', () => {
    expect(resolveRange({ range: 'custom', from: '2026-01-20', to: '2026-01-10' }, today)).toEqual({
      start: '2026-01-10',
      end: '2026-01-20',
    });
    expect(resolveRange({ range: 'custom' }, today)).toEqual(resolveRange({ range: '30d' }, today));
  });

  it('takes today in the property zone, not the browser zone', () => {
    const instant = new Date('2026-03-05T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-03-05');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-03-06');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-05');
  });

  it('picks hours for a day, days for a month, weeks beyond a quarter', () => {
    expect(defaultGranularity({ start: today, end: today })).toBe('hour');
    expect(defaultGranularity({ start: '2026-02-04', end: today })).toBe('day');
    expect(defaultGranularity({ start: '2025-09-01', end: today })).toBe('week');
  });
});

describe('granularityFits', () => {
  it('allows what the API allows: hours up to 20 days, days up to 500', () => {
    expect(granularityFits({ start: '2026-01-01', end: '2026-01-20' }, 'hour')).toBe(true);
    expect(granularityFits({ start: '2026-01-01', end: '2026-01-30' }, 'hour')).toBe(false);
    expect(granularityFits({ start: '2024-01-01', end: '2025-12-31' }, 'day')).toBe(false);
    expect(granularityFits({ start: '2024-01-01', end: '2025-12-31' }, 'week')).toBe(true);
  });
});
