import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import {
  bucketsOf,
  formatInZone,
  offsetSegments,
  resolveTimeFrame,
  type Granularity,
  type TimeFrame,
} from './time-frame.js';

const iso = (d: Date) => d.toISOString();
const HOUR = 3_600_000;

function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('resolveTimeFrame', () => {
  it('reads a date-only end as including that whole day', () => {
    const f = resolveTimeFrame('2026-03-01', '2026-03-01', 'UTC');
    expect([iso(f.start), iso(f.end)]).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z']);
  });

  it('gives the spring-forward day in New York 23 hours and the fall-back day 25', () => {
    const spring = resolveTimeFrame('2026-03-08', '2026-03-08', 'America/New_York');
    // 00:00 EST = 05:00Z; next midnight is EDT = 04:00Z
    expect([iso(spring.start), iso(spring.end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect(spring.offsets).toEqual([
      { fromMs: null, offsetMinutes: -300 },
      { fromMs: Date.parse('2026-03-08T07:00:00Z'), offsetMinutes: -240 },
    ]);
    const fall = resolveTimeFrame('2026-11-01', '2026-11-01', 'America/New_York');
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
    expect(fall.offsets).toEqual([
      { fromMs: null, offsetMinutes: -240 },
      { fromMs: Date.parse('2026-11-01T06:00:00Z'), offsetMinutes: -300 },
    ]);
  });

  it('reads timestamps without an offset in the zone, and keeps an offset or Z as given', () => {
    // 12:00 EDT = 16:00Z; 18:30+01:00 = 17:30Z
    const f = resolveTimeFrame('2026-03-08T12:00:00', '2026-03-08T18:30:00+01:00', 'America/New_York');
    expect([iso(f.start), iso(f.end)]).toEqual(['2026-03-08T16:00:00.000Z', '2026-03-08T17:30:00.000Z']);
    // the contract's date pattern also allows a space before the time
    const spaced = resolveTimeFrame('2026-03-08 12:00:00', '2026-03-08 18:30:00+01:00', 'America/New_York');
    expect([iso(spaced.start), iso(spaced.end)]).toEqual(['2026-03-08T16:00:00.000Z', '2026-03-08T17:30:00.000Z']);
    const z = resolveTimeFrame('2026-03-08T12:00:00Z', '2026-03-08T13:00:00Z', 'Asia/Kolkata');
    expect([iso(z.start), iso(z.end)]).toEqual(['2026-03-08T12:00:00.000Z', '2026-03-08T13:00:00.000Z']);
  });

  it("reads a compared morning (the dashboard's `today` vs yesterday) by the wall clock, whatever the day's length", () => {
    // The bounds comparison-range.test.ts shows the dashboard sends for "today at 09:41" on Nov 2 and Mar 9.
    // Nov 1 is the 25-hour fall-back day: 00:00 EDT = 04:00Z; 09:41 EST = 14:41Z.
    const fall = resolveTimeFrame('2026-11-01', '2026-11-01T09:41', 'America/New_York');
    expect([iso(fall.start), iso(fall.end)]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-01T14:41:00.000Z']);
    // Mar 8 is the 23-hour spring-forward day: 00:00 EST = 05:00Z; 09:41 EDT = 13:41Z.
    const spring = resolveTimeFrame('2026-03-08', '2026-03-08T09:41', 'America/New_York');
    expect([iso(spring.start), iso(spring.end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-08T13:41:00.000Z']);
  });

  it('rejects bad input with a 400 naming the field', () => {
    expect(apiErrorOf(() => resolveTimeFrame('2026-03-01', '2026-03-02', 'Mars/Olympus')).details.field).toBe(
      'timezone',
    );
    expect(apiErrorOf(() => resolveTimeFrame('2026-02-30', '2026-03-02', 'UTC')).details.field).toBe('start');
    expect(apiErrorOf(() => resolveTimeFrame('1969-12-01', '1970-01-02', 'UTC')).details.field).toBe('start');
    expect(apiErrorOf(() => resolveTimeFrame('2026-03-01', '2026-13-01', 'UTC')).details.field).toBe('end');
    const before = apiErrorOf(() => resolveTimeFrame('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z', 'UTC'));
    expect([before.status, before.code, before.details.field]).toEqual([400, 'invalid_request', 'end']);
    expect(
      apiErrorOf(() => resolveTimeFrame('2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z', 'UTC')).details.field,
    ).toBe('end');
  });

  it('refuses a UTC offset outside ±14:00 (issue 41: +99:99 was read as a shift of four days)', () => {
    for (const start of [
      '2026-03-01T00:00:00+99:99',
      '2026-03-01T00:00:00-15:00',
      '2026-03-01T00:00:00+14:01',
      '2026-03-01T00:00+0560',
    ])
      expect(apiErrorOf(() => resolveTimeFrame(start, '2026-03-09', 'UTC')).message, start).toMatch(/outside ±14:00/);
    // the extremes that exist: Kiribati's +14:00 and Baker Island's -12:00
    expect(resolveTimeFrame('2026-03-01T00:00:00+14:00', '2026-03-02T00:00:00-12:00', 'UTC').start.toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
  });

  it('allows 732 days and no more', () => {
    // 2025-01-01 + 732 days = 2027-01-03 (2025 and 2026 have 365 days each)
    expect(() => resolveTimeFrame('2025-01-01T00:00:00Z', '2027-01-03T00:00:00Z', 'UTC')).not.toThrow();
    expect(
      apiErrorOf(() => resolveTimeFrame('2025-01-01T00:00:00Z', '2027-01-03T00:00:01Z', 'UTC')).details.field,
    ).toBe('end');
    expect(apiErrorOf(() => resolveTimeFrame('2025-01-01', '2027-01-03', 'UTC')).details.field).toBe('end'); // date-only end: 733 days
  });
});

describe('offsetSegments', () => {
  it('finds every offset change to the millisecond', () => {
    expect(
      offsetSegments(Date.parse('2026-06-01T00:00:00Z'), Date.parse('2026-07-01T00:00:00Z'), 'America/New_York'),
    ).toEqual([{ fromMs: null, offsetMinutes: -240 }]);
    expect(
      offsetSegments(Date.parse('2026-01-01T00:00:00Z'), Date.parse('2027-01-01T00:00:00Z'), 'America/New_York'),
    ).toEqual([
      { fromMs: null, offsetMinutes: -300 },
      { fromMs: Date.parse('2026-03-08T07:00:00Z'), offsetMinutes: -240 },
      { fromMs: Date.parse('2026-11-01T06:00:00Z'), offsetMinutes: -300 },
    ]);
    // Lord Howe shifts by 30 minutes: 02:00 +11:00 becomes 01:30 +10:30 at 15:00Z on 2026-04-04
    expect(
      offsetSegments(Date.parse('2026-04-01T00:00:00Z'), Date.parse('2026-04-10T00:00:00Z'), 'Australia/Lord_Howe'),
    ).toEqual([
      { fromMs: null, offsetMinutes: 660 },
      { fromMs: Date.parse('2026-04-04T15:00:00Z'), offsetMinutes: 630 },
    ]);
  });
});

const starts = (f: TimeFrame, g: Granularity) => bucketsOf(f, g).map((b) => formatInZone(b.start));

describe('bucketsOf', () => {
  it('gives the New York fall-back day 25 hour buckets, the repeated 01:00 twice with distinct keys', () => {
    const b = bucketsOf(resolveTimeFrame('2026-11-01', '2026-11-01', 'America/New_York'), 'hour');
    expect(b).toHaveLength(25);
    expect(b.slice(0, 3).map((x) => formatInZone(x.start))).toEqual([
      '2026-11-01T00:00:00.000-04:00',
      '2026-11-01T01:00:00.000-04:00',
      '2026-11-01T01:00:00.000-05:00',
    ]);
    expect(b.slice(0, 3).map((x) => x.key)).toEqual([
      '2026-11-01 04:00:00',
      '2026-11-01 05:00:00',
      '2026-11-01 06:00:00',
    ]);
    expect(new Set(b.map((x) => x.key)).size).toBe(25);
  });

  it('gives the spring-forward day 23 hour buckets, 01:00 EST followed by 03:00 EDT', () => {
    const b = bucketsOf(resolveTimeFrame('2026-03-08', '2026-03-08', 'America/New_York'), 'hour');
    expect(b).toHaveLength(23);
    expect([formatInZone(b[1].start), formatInZone(b[1].end)]).toEqual([
      '2026-03-08T01:00:00.000-05:00',
      '2026-03-08T03:00:00.000-04:00',
    ]);
  });

  it('cuts Asia/Kolkata hours at local :00, i.e. :30 UTC', () => {
    const b = bucketsOf(resolveTimeFrame('2026-03-01', '2026-03-01', 'Asia/Kolkata'), 'hour');
    expect(b).toHaveLength(24);
    expect([formatInZone(b[0].start), b[0].key, b[23].key]).toEqual([
      '2026-03-01T00:00:00.000+05:30',
      '2026-02-28 18:30:00',
      '2026-03-01 17:30:00',
    ]);
  });

  it('splits Lord Howe hours where its 30-minute DST shifts fall', () => {
    // fall-back: local 01:00–02:00 lasts 90 minutes: 01:00+11:00 → 01:30+10:30 → 02:00+10:30
    const fall = resolveTimeFrame('2026-04-05T00:00:00', '2026-04-05T03:00:00', 'Australia/Lord_Howe');
    expect(starts(fall, 'hour')).toEqual([
      '2026-04-05T00:00:00.000+11:00',
      '2026-04-05T01:00:00.000+11:00',
      '2026-04-05T01:30:00.000+10:30',
      '2026-04-05T02:00:00.000+10:30',
    ]);
    // spring-forward: local 02:00–03:00 lasts 30 minutes, starting at 02:30+11:00
    const spring = resolveTimeFrame('2026-10-04T01:00:00', '2026-10-04T04:00:00', 'Australia/Lord_Howe');
    expect(starts(spring, 'hour')).toEqual([
      '2026-10-04T01:00:00.000+10:30',
      '2026-10-04T02:30:00.000+11:00',
      '2026-10-04T03:00:00.000+11:00',
    ]);
  });

  it('starts weeks on Monday, even before the range, and months on the 1st in local time', () => {
    // 2026-03-04 is a Wednesday
    expect(starts(resolveTimeFrame('2026-03-04', '2026-03-17', 'UTC'), 'week')).toEqual([
      '2026-03-02T00:00:00.000Z',
      '2026-03-09T00:00:00.000Z',
      '2026-03-16T00:00:00.000Z',
    ]);
    expect(starts(resolveTimeFrame('2026-02-15', '2026-04-10', 'America/New_York'), 'month')).toEqual([
      '2026-02-01T00:00:00.000-05:00',
      '2026-03-01T00:00:00.000-05:00',
      '2026-04-01T00:00:00.000-04:00',
    ]);
  });

  it('allows 500 buckets and refuses the 501st with field granularity', () => {
    // 20 days and 20 hours = 500 hours
    expect(bucketsOf(resolveTimeFrame('2026-01-01T00:00:00Z', '2026-01-21T20:00:00Z', 'UTC'), 'hour')).toHaveLength(
      500,
    );
    const e = apiErrorOf(() =>
      bucketsOf(resolveTimeFrame('2026-01-01T00:00:00Z', '2026-01-21T21:00:00Z', 'UTC'), 'hour'),
    );
    expect([e.status, e.details.field]).toEqual([400, 'granularity']);
  });

  /** What bucketSql() computes for a row: date_trunc on the local wall clock (minus the offset for hours). */
  function sqlKey(ms: number, zone: string, g: Granularity): string {
    const offset = DateTime.fromMillis(ms, { zone }).offset * 60_000;
    const local = DateTime.fromMillis(ms + offset, { zone: 'UTC' }).startOf(g);
    const key = g === 'hour' ? local.minus(offset) : local;
    return key.toFormat('yyyy-MM-dd HH:mm:ss');
  }

  const cases: [string, string, string][] = [
    ['America/New_York', '2026-03-07', '2026-03-09'],
    ['America/New_York', '2026-10-31', '2026-11-02'],
    ['Asia/Kolkata', '2026-03-01', '2026-03-02'],
    ['Australia/Lord_Howe', '2026-04-04', '2026-04-06'],
    ['Australia/Lord_Howe', '2026-10-03', '2026-10-05'],
    // DST starts at midnight: these days begin at 01:00
    ['America/Santiago', '2026-09-05', '2026-09-07'],
    ['America/Havana', '2026-03-07', '2026-03-09'],
  ];
  it.each(cases)(
    'tiles %s %s..%s with buckets whose keys match the SQL bucket of every instant',
    (zone, start, end) => {
      const frame = resolveTimeFrame(start, end, zone);
      for (const g of ['hour', 'day', 'week', 'month'] as Granularity[]) {
        const b = bucketsOf(frame, g);
        expect(b[0].start.toMillis()).toBeLessThanOrEqual(frame.start.getTime());
        expect(b[b.length - 1].end.toMillis()).toBeGreaterThanOrEqual(frame.end.getTime());
        for (let i = 1; i < b.length; i++) expect(b[i].start.toMillis()).toBe(b[i - 1].end.toMillis());
        for (let t = frame.start.getTime(); t < frame.end.getTime(); t += 7 * 60_000) {
          const holder = b.find((x) => x.start.toMillis() <= t && t < x.end.toMillis());
          expect(holder?.key, `${g} ${new Date(t).toISOString()}`).toBe(sqlKey(t, zone, g));
        }
      }
    },
  );
});
