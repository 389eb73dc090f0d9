import { describe, expect, it } from 'vitest';
import { dueDigest } from './report-periods.js';

describe('the digest due', () => {
  it('is the last ISO week Mon–Sun in the zone, from its Monday for 3 days', () => {
    // Monday 2026-12-07 00:30 in Berlin is still Sunday in UTC.
    expect(dueDigest('weekly', new Date('2026-12-06T23:30:00Z'), 'Europe/Berlin')).toEqual({
      period: { key: '2026-W49', label: '30 Nov – 6 Dec 2026', start: '2026-11-30', end: '2026-12-06' },
      previous: { key: '2026-W48', label: '23 Nov – 29 Nov 2026', start: '2026-11-23', end: '2026-11-29' },
    });
    expect(dueDigest('weekly', new Date('2026-12-06T23:30:00Z'), 'UTC')).toBeNull();
    expect(dueDigest('weekly', new Date('2026-12-09T22:59:00Z'), 'Europe/Berlin')?.period.key).toBe('2026-W49');
    expect(dueDigest('weekly', new Date('2026-12-09T23:00:00Z'), 'Europe/Berlin')).toBeNull();
  });

  it('names a week across the new year by its ISO week-year', () => {
    expect(dueDigest('weekly', new Date('2027-01-04T12:00:00Z'), 'UTC')?.period).toEqual({
      key: '2026-W53',
      label: '28 Dec 2026 – 3 Jan 2027',
      start: '2026-12-28',
      end: '2027-01-03',
    });
  });

  it('is the last month on the 1st, against the month before', () => {
    expect(dueDigest('monthly', new Date('2027-01-01T08:00:00Z'), 'America/New_York')).toEqual({
      period: { key: '2026-12', label: 'December 2026', start: '2026-12-01', end: '2026-12-31' },
      previous: { key: '2026-11', label: 'November 2026', start: '2026-11-01', end: '2026-11-30' },
    });
    // 03:00Z on the 1st is still Dec 31 in New York.
    expect(dueDigest('monthly', new Date('2027-01-01T03:00:00Z'), 'America/New_York')).toBeNull();
    expect(dueDigest('monthly', new Date('2027-01-15T08:00:00Z'), 'UTC')).toBeNull();
  });
});
