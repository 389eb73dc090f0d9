import { describe, expect, it } from 'vitest';
import { trendPoints } from './trend-points.js';

const row = (day: number, clicks: number, unique_clicks: number) => ({
  bucket_start: `2026-11-0${day}T00:00:00.000Z`,
  bucket_end: '',
  clicks,
  unique_clicks,
});

describe('trend points', () => {
  it('labels each bucket and keeps the chosen figures', () => {
    const points = trendPoints([row(1, 5, 3), row(2, 0, 0)], undefined, ['clicks', 'unique_clicks'], (iso) =>
      iso.slice(8, 10),
    );
    expect(points).toEqual([
      { label: '01', clicks: 5, unique_clicks: 3, prev_clicks: undefined, prev_unique_clicks: undefined },
      { label: '02', clicks: 0, unique_clicks: 0, prev_clicks: undefined, prev_unique_clicks: undefined },
    ]);
  });

  it('lays the previous period over bucket by bucket, leaving gaps where it is shorter', () => {
    // Last month (31 days) against the month before (30 days): the 31st bucket has no partner.
    const now = [row(1, 10, 8), row(2, 20, 15), row(3, 30, 20)];
    const before = [row(1, 7, 6), row(2, 9, 9)];
    const points = trendPoints(now, before, ['clicks'], () => '');
    expect(points.map((p) => [p.clicks, p.prev_clicks])).toEqual([
      [10, 7],
      [20, 9],
      [30, undefined],
    ]);
  });

  it('leaves buckets that have not started yet as gaps, not zeros, but keeps the previous period there', () => {
    const at = Date.parse('2026-11-02T12:00:00.000Z');
    const points = trendPoints(
      [row(1, 4, 2), row(2, 3, 1), row(3, 0, 0)],
      [row(1, 1, 1), row(2, 2, 2), row(3, 5, 5)],
      ['clicks'],
      () => '',
      at,
    );
    expect(points.map((p) => [p.clicks, p.prev_clicks])).toEqual([
      [4, 1],
      [3, 2],
      [undefined, 5],
    ]);
  });

  it('marks the bucket still running apart, joined to the one before it, so it does not read as a drop (issue 13 §2)', () => {
    const hour = (h: number, clicks: number) => ({
      bucket_start: `2026-11-24T0${h}:00:00.000Z`,
      bucket_end: `2026-11-24T0${h + 1}:00:00.000Z`,
      clicks,
      unique_clicks: clicks,
    });
    const at = Date.parse('2026-11-24T02:20:00.000Z'); // 20 minutes into the 02:00 bucket
    const points = trendPoints(
      [hour(0, 9), hour(1, 8), hour(2, 2), hour(3, 0)],
      [hour(0, 7), hour(1, 6), hour(2, 5), hour(3, 4)],
      ['clicks'],
      (iso) => iso.slice(11, 16),
      at,
    );
    expect(points.map((p) => [p.label, p.clicks, p.partial_clicks, p.incomplete, p.prev_clicks, p.prev_label])).toEqual(
      [
        ['00:00', 9, undefined, undefined, 7, '00:00'],
        ['01:00', 8, 8, undefined, 6, '01:00'], // the solid line ends here; the dashed stretch starts here
        ['02:00', undefined, 2, true, 5, '02:00'], // running: dashed, marked incomplete
        ['03:00', undefined, undefined, undefined, 4, '03:00'], // not started: a gap
      ],
    );
    // A finished range has no running bucket.
    expect(
      trendPoints([hour(0, 9), hour(1, 8)], undefined, ['clicks'], String, at).some(
        (p) => p.incomplete || p.partial_clicks !== undefined,
      ),
    ).toBe(false);
  });
});
