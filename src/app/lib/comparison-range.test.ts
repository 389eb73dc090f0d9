import { describe, expect, it } from 'vitest';
import { comparedLabel, formatSpan } from './compared-label.js';
import { addMonths, comparedRange, zonedNow } from './comparison-range.js';
import { resolveRange } from './date-range.js';

const NY = 'America/New_York';
const over = (today: string, time?: string) => ({ date: today, time });

describe('comparedRange: the previous period, like with like', () => {
  it('compares today at 09:41 with yesterday up to 09:41, not all of yesterday', () => {
    const range = resolveRange({ range: 'today' }, '2026-11-24');
    expect(comparedRange(range, 'today', 'previous', over('2026-11-24', '09:41'))).toEqual({
      start: '2026-11-23',
      end: '2026-11-23T09:41',
      days: { start: '2026-11-23', end: '2026-11-23' },
      until: { date: '2026-11-23', time: '09:41' },
    });
  });

  it('compares month to date with the same days of last month (Nov 1–24 → Oct 1–24), cut at the time of day', () => {
    const range = resolveRange({ range: 'mtd' }, '2026-11-24');
    const c = comparedRange(range, 'mtd', 'previous', over('2026-11-24', '09:41'))!;
    expect(c.days).toEqual({ start: '2026-10-01', end: '2026-10-24' });
    expect(c.end).toBe('2026-10-24T09:41');
  });

  it('compares March to date on the 31st (and 30th, 29th) with all of February, in common and leap years', () => {
    // Feb 1 + 30 days is Mar 3, outside February: the whole of February is the compared period.
    expect(
      comparedRange({ start: '2026-03-01', end: '2026-03-31' }, 'mtd', 'previous', over('2026-03-31', '09:41')),
    ).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
      days: { start: '2026-02-01', end: '2026-02-28' },
    });
    expect(
      comparedRange({ start: '2026-03-01', end: '2026-03-29' }, 'mtd', 'previous', over('2026-03-29', '09:41'))!.days,
    ).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(
      comparedRange({ start: '2028-03-01', end: '2028-03-30' }, 'mtd', 'previous', over('2028-03-30', '09:41'))!.days,
    ).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    // The 28th of a common February lines up with Feb 28 itself, so that day is cut at the time.
    expect(
      comparedRange({ start: '2026-03-01', end: '2026-03-28' }, 'mtd', 'previous', over('2026-03-28', '09:41'))!.end,
    ).toBe('2026-02-28T09:41');
  });

  it('compares January to date with December of the year before', () => {
    expect(
      comparedRange({ start: '2027-01-01', end: '2027-01-15' }, 'mtd', 'previous', over('2027-01-15', '20:00')),
    ).toMatchObject({
      start: '2026-12-01',
      end: '2026-12-15T20:00',
    });
  });

  it('compares whole months with as many months before, other ranges with as many days before', () => {
    expect(
      comparedRange({ start: '2026-02-01', end: '2026-02-28' }, 'last-month', 'previous', over('2026-03-05', '09:41')),
    ).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
      days: { start: '2026-01-01', end: '2026-01-31' },
    });
    expect(
      comparedRange({ start: '2026-04-01', end: '2026-05-31' }, 'custom', 'previous', over('2026-07-01', '09:41'))!
        .days,
    ).toEqual({ start: '2026-02-01', end: '2026-03-31' });
    expect(
      comparedRange({ start: '2026-02-27', end: '2026-03-05' }, '7d', 'previous', over('2026-03-05', '09:41')),
    ).toMatchObject({
      start: '2026-02-20',
      end: '2026-02-26T09:41',
      days: { start: '2026-02-20', end: '2026-02-26' },
    });
    // A past range is compared whole.
    expect(
      comparedRange({ start: '2026-02-20', end: '2026-02-26' }, 'custom', 'previous', over('2026-03-05', '09:41'))!.end,
    ).toBe('2026-02-19');
  });

  it('stops a range that runs past today on the day lining up with today', () => {
    // Nov 20–30, today Nov 24: Nov 9–19 compared, its figures up to Nov 13 at the time.
    expect(
      comparedRange({ start: '2026-11-20', end: '2026-11-30' }, 'custom', 'previous', over('2026-11-24', '09:41')),
    ).toEqual({
      start: '2026-11-09',
      end: '2026-11-13T09:41',
      days: { start: '2026-11-09', end: '2026-11-19' },
      until: { date: '2026-11-13', time: '09:41' },
    });
  });

  it('compares the whole compared day in the last minute of today', () => {
    expect(
      comparedRange({ start: '2026-11-24', end: '2026-11-24' }, 'today', 'previous', over('2026-11-24'))!.end,
    ).toBe('2026-11-23');
  });
});

describe('comparedRange: year over year, custom, none', () => {
  it('takes the same dates a year before, Feb 29 becoming Feb 28', () => {
    expect(
      comparedRange({ start: '2028-02-01', end: '2028-02-29' }, 'custom', 'year', over('2028-06-01', '09:41'))!.days,
    ).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(
      comparedRange({ start: '2028-02-29', end: '2028-02-29' }, 'today', 'year', over('2028-02-29', '09:41')),
    ).toEqual({
      start: '2027-02-28',
      end: '2027-02-28T09:41',
      days: { start: '2027-02-28', end: '2027-02-28' },
      until: { date: '2027-02-28', time: '09:41' },
    });
    expect(
      comparedRange({ start: '2026-11-01', end: '2026-11-24' }, 'mtd', 'year', over('2026-11-24', '09:41'))!.end,
    ).toBe('2025-11-24T09:41');
  });

  it('takes the chosen dates (either way round), the previous period when none are given, and nothing for none', () => {
    const range = { start: '2026-11-01', end: '2026-11-24' };
    expect(
      comparedRange(range, 'mtd', 'custom', over('2026-12-01', '09:41'), { start: '2026-06-30', end: '2026-06-01' })!
        .days,
    ).toEqual({ start: '2026-06-01', end: '2026-06-30' });
    expect(comparedRange(range, 'mtd', 'custom', over('2026-11-24', '09:41'))!.days).toEqual({
      start: '2026-10-01',
      end: '2026-10-24',
    });
    expect(comparedRange(range, 'mtd', 'none', over('2026-11-24', '09:41'))).toBeNull();
  });

  it('moves by months keeping the day, or the shorter month’s last', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', -2)).toBe('2025-11-30');
    expect(addMonths('2028-02-29', -12)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('the cut at the time of day across DST in America/New_York', () => {
  it('asks for the compared morning by the wall clock, whatever the day’s length', () => {
    // Today Nov 2 2026 (EST, −5) at 09:41; yesterday, Nov 1, is the 25-hour fall-back day. The server
    // reads these wall-clock bounds in the property's zone (time-frame.test.ts: 04:00Z to 14:41Z).
    const fallBack = comparedRange(
      { start: '2026-11-02', end: '2026-11-02' },
      'today',
      'previous',
      over('2026-11-02', '09:41'),
    )!;
    expect([fallBack.start, fallBack.end]).toEqual(['2026-11-01', '2026-11-01T09:41']);
    // Today Mar 9 2026 (EDT, −4); yesterday, Mar 8, is the 23-hour spring-forward day.
    const springForward = comparedRange(
      { start: '2026-03-09', end: '2026-03-09' },
      'today',
      'previous',
      over('2026-03-09', '09:41'),
    )!;
    expect([springForward.start, springForward.end]).toEqual(['2026-03-08', '2026-03-08T09:41']);
  });

  it('reads now on the property’s wall clock, rounded up to the minute', () => {
    // 14:40:30Z is 09:40:30 EST on Nov 2: cut at 09:41, on Nov 2 (the UTC date is the same here, not at 03:00Z).
    expect(zonedNow(NY, new Date('2026-11-02T14:40:30Z'))).toEqual({ date: '2026-11-02', time: '09:41' });
    expect(zonedNow(NY, new Date('2026-11-03T03:00:00Z'))).toEqual({ date: '2026-11-02', time: '22:01' });
    // Just after midnight: the cut is 00:01, never an empty 00:00; in the last minute the whole day.
    expect(zonedNow(NY, new Date('2026-11-02T05:00:10Z'))).toEqual({ date: '2026-11-02', time: '00:01' });
    expect(zonedNow(NY, new Date('2026-11-03T04:59:30Z'))).toEqual({ date: '2026-11-02' });
  });
});

describe('comparedLabel', () => {
  it('names the compared dates shortly, with the time of a cut and the year when it is another', () => {
    const mtd = comparedRange(
      { start: '2026-11-01', end: '2026-11-24' },
      'mtd',
      'previous',
      over('2026-11-24', '09:41'),
    )!;
    expect(comparedLabel(mtd, '2026')).toBe('Oct 1–24 until 9:41 AM');
    const past = comparedRange(
      { start: '2026-11-01', end: '2026-11-24' },
      'mtd',
      'previous',
      over('2026-12-05', '09:41'),
    )!;
    expect(comparedLabel(past, '2026')).toBe('Oct 1–24');
    expect(
      comparedLabel(
        comparedRange({ start: '2026-11-01', end: '2026-11-24' }, 'mtd', 'year', over('2026-12-05'))!,
        '2026',
      ),
    ).toBe('Nov 1–24, 2025');
    expect(formatSpan('2026-09-25', '2026-10-24', '2026')).toBe('Sep 25 – Oct 24');
    expect(formatSpan('2025-12-29', '2026-01-04', '2026')).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect(formatSpan('2026-11-23', '2026-11-23', '2026')).toBe('Nov 23');
  });
});
