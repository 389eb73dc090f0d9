import { describe, expect, it } from 'vitest';
import { offsetSegments, type Granularity } from '../../analytics/time-frame.js';
import { Database } from './database.js';
import { bucketSql } from './sql-fragments.js';
import { SLOT_MS, slotBucketSql, slotStartSql } from './visitor-slots.js';

// The trend groups slot rows by slotBucketSql; every other report buckets instants by bucketSql.
// The two must put every slot in the same bucket: checked slot by slot over ranges that cross DST
// changes, in zones whose offsets or changes are not whole hours.
const cases: [zone: string, from: string, to: string][] = [
  ['America/New_York', '2026-10-25T00:00:00Z', '2026-11-08T00:00:00Z'], // fall back
  ['America/New_York', '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z'], // spring forward
  ['Asia/Kathmandu', '2026-06-01T00:00:00Z', '2026-06-10T00:00:00Z'], // +5:45
  ['Australia/Lord_Howe', '2026-03-30T00:00:00Z', '2026-04-12T00:00:00Z'], // a 30-minute DST change
  ['Pacific/Chatham', '2026-03-28T00:00:00Z', '2026-04-10T00:00:00Z'], // +13:45 → +12:45
  ['UTC', '2026-01-01T00:00:00Z', '2026-01-20T00:00:00Z'],
];

describe('slot buckets', () => {
  for (const [zone, from, to] of cases)
    it(`put every slot of ${zone} ${from.slice(0, 10)} – ${to.slice(0, 10)} in bucketSql's bucket`, async () => {
      const db = await Database.open(':memory:', 1);
      try {
        const [start, end] = [Date.parse(from), Date.parse(to)];
        const offsets = offsetSegments(start, end, zone);
        // Kathmandu and UTC keep one offset; the other ranges cross a change.
        expect(offsets.length).toBe(zone === 'UTC' || zone === 'Asia/Kathmandu' ? 1 : 2);
        for (const g of ['hour', 'day', 'week'] as Granularity[]) {
          const [row] = await db.all<{ slots: number; differ: number; buckets: number }>(
            `SELECT count(*) AS slots, count(*) FILTER (WHERE by_slot IS DISTINCT FROM by_instant) AS differ,
               count(DISTINCT by_slot) AS buckets
             FROM (SELECT ${slotStartSql(slotBucketSql(g, offsets)!)} AS by_slot, ${bucketSql(g, offsets)} AS by_instant
                   FROM (SELECT slot, make_timestamp(slot * ${SLOT_MS * 1000}) AS ts
                         FROM range(${start / SLOT_MS}, ${end / SLOT_MS}) r(slot)))`,
          );
          expect(Number(row.slots)).toBe((end - start) / SLOT_MS);
          expect(Number(row.differ), `${g}: slots in another bucket`).toBe(0);
          expect(Number(row.buckets)).toBeGreaterThan(1);
        }
      } finally {
        await db.close();
      }
    });

  it('leaves months, and offsets off the quarter hours, to bucketSql', () => {
    const offsets = offsetSegments(Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-02-01T00:00:00Z'), 'UTC');
    expect(slotBucketSql('month', offsets)).toBeNull();
    expect(slotBucketSql('day', [{ fromMs: null, offsetMinutes: -44 }])).toBeNull();
    expect(
      slotBucketSql('day', [
        { fromMs: null, offsetMinutes: 0 },
        { fromMs: 60_000, offsetMinutes: 60 },
      ]),
    ).toBeNull();
  });
});
