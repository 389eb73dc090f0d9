import { describe, expect, it } from 'vitest';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { reopenableStore } from '../../test-support/reopenable-store.js';
import { Database } from './database.js';

// The slot table must give the very figures the events give: across batches, on ranges that do not
// start or end on a slot, and in a store written before it existed.

const view = (visitor: string, at: string, property = 'a') =>
  normalizeEvent(
    {
      type: 'pageview',
      property_id: property,
      visitor_id: visitor,
      session_id: `s-${visitor}-${at.slice(0, 13)}`,
      path: '/',
      ts: at,
    },
    new Date(),
  );
const day = (d: string) => ({
  propertyIds: ['a'],
  start: new Date(`${d}T00:00:00Z`),
  end: new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000),
});

const { open, dir } = reopenableStore('slots');

describe('page-view slots', () => {
  it('count a visitor once whether its views of one slot came in one batch or two, and add up the views', async () => {
    const s = await open();
    await s.insertEvents([view('v1', '2026-03-02T10:01:00Z'), view('v2', '2026-03-02T10:02:00Z')]);
    await s.insertEvents([view('v1', '2026-03-02T10:03:00Z')]); // same 15-minute slot, another batch
    await s.insertEvents([view('v1', '2026-03-02T13:00:00Z', 'b')]); // the same visitor on another property
    expect(await s.trafficSummary(day('2026-03-02'))).toMatchObject({ page_views: 3, unique_visitors: 2 });
    expect(await s.trafficSummary({ ...day('2026-03-02'), propertyIds: ['a', 'b'] })).toMatchObject({
      page_views: 4,
      unique_visitors: 2,
    });
  });

  it('are exact on ranges that start and end inside a slot: the partial slots come from the events', async () => {
    const s = await open();
    await s.insertEvents([
      view('v1', '2026-03-02T10:01:00Z'), // before the range, in its first slot
      view('v2', '2026-03-02T10:07:00Z'), // inside, in that same slot
      view('v3', '2026-03-02T11:00:00Z'), // a whole slot inside
      view('v4', '2026-03-02T11:20:00Z'), // in the last slot, inside
      view('v5', '2026-03-02T11:25:00Z'), // in the last slot, after the end
    ]);
    const scope = {
      propertyIds: ['a'],
      start: new Date('2026-03-02T10:05:00Z'),
      end: new Date('2026-03-02T11:22:30Z'),
    };
    expect(await s.trafficSummary(scope)).toMatchObject({ page_views: 3, unique_visitors: 3 });
    const trend = await s.trafficTrend({
      ...scope,
      granularity: 'hour',
      offsets: [{ fromMs: null, offsetMinutes: 0 }] as never,
    });
    expect(trend.buckets.map((b) => [b.bucket, b.page_views, b.unique_visitors]).sort()).toEqual([
      ['2026-03-02 10:00:00', 1, 1],
      ['2026-03-02 11:00:00', 2, 2],
    ]);
    // A range inside one slot has no whole slot at all.
    expect(
      await s.trafficSummary({
        propertyIds: ['a'],
        start: new Date('2026-03-02T10:02:00Z'),
        end: new Date('2026-03-02T10:10:00Z'),
      }),
    ).toMatchObject({ page_views: 1, unique_visitors: 1 });
  });

  it('are built once from the events of a store written before them', async () => {
    const s = await open();
    await s.insertEvents([
      view('v1', '2026-03-02T10:01:00Z'),
      view('v2', '2026-03-02T12:00:00Z'),
      view('v1', '2026-03-02T18:00:00Z'),
    ]);
    const before = await s.trafficSummary(day('2026-03-02'));
    await s.close();
    // What an older version left: events, and no slots nor numbers nor the migration's record.
    const db = await Database.open(dir());
    await db.writer.run(
      `DELETE FROM pageview_slots; DELETE FROM visitor_numbers; DELETE FROM store_migrations WHERE name = 'pageview-slots'`,
    );
    await db.close();
    const reopened = await open();
    expect(before).toMatchObject({ page_views: 3, unique_visitors: 2 });
    expect(await reopened.trafficSummary(day('2026-03-02'))).toEqual(before);
    await reopened.insertEvents([view('v3', '2026-03-02T20:00:00Z')]); // numbering goes on after the backfilled ones
    expect(await reopened.trafficSummary(day('2026-03-02'))).toMatchObject({ page_views: 4, unique_visitors: 3 });
  });
});
