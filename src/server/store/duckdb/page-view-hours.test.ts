import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { reopenableStore } from '../../test-support/reopenable-store.js';
import type { BucketedScope, Store } from '../store.js';
import { Database } from './database.js';

// The hourly page views behind the clicks and forms rates (page-view-hours.ts): exact whatever the
// batches were and wherever the range starts and ends, and built once for a store made before them.

const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 2, 2, hh, mm));
const event = (type: StoredEvent['type'], session: string, time: Date, path: string, property = 'a'): StoredEvent => ({
  ...normalizeEvent(
    {
      type,
      property_id: property,
      visitor_id: `v-${session}`,
      session_id: session,
      path,
      ts: time.toISOString(),
      ...(type === 'click' ? { target: '#go' } : {}),
    },
    new Date(),
  ),
});
const scope = (start: Date, end: Date): BucketedScope => ({
  propertyIds: ['a'],
  start,
  end,
  granularity: 'day',
  offsets: [{ fromMs: null, offsetMinutes: 0 }],
});
/** The /p row's views as the clicks report gives them (its rate's denominator). */
const views = async (store: Store, start: Date, end: Date) =>
  (await store.interactions(scope(start, end), 'click', { limit: 10 })).rows.map((r) => [r.page, r.page_views]);

// /p viewed at 10:10 and 10:40 (two batches in one hour), 11:20, 12:50, and once on site b (not counted);
// one click on /p at 10:11 gives the report its row.
const batches = [
  [event('pageview', 's1', at(10, 10), '/p'), event('click', 's1', at(10, 11), '/p')],
  [event('pageview', 's2', at(10, 40), '/p'), event('pageview', 's9', at(10, 45), '/p', 'b')],
  [event('pageview', 's3', at(11, 20), '/p')],
  [event('pageview', 's4', at(12, 50), '/p')],
];

describe('hourly page views', () => {
  const { open, dir } = reopenableStore('page-view-hours');

  it('count the range exactly: whole hours from the counts, the parts of hours at its ends from the views', async () => {
    const store = await open();
    for (const batch of batches) await store.insertEvents(batch);
    expect(await views(store, at(0, 0), at(23, 0))).toEqual([['/p', 4]]);
    // 10:11–12:30: 10:40 (in the part of 10:00 it covers), 11:20 (a whole hour); 12:50 is after it
    expect(await views(store, at(10, 11), at(12, 30))).toEqual([['/p', 2]]);
    // within one hour: the views themselves
    expect(await views(store, at(10, 5), at(10, 50))).toEqual([['/p', 2]]);
    // an India day starts at 18:30 UTC the day before: 10:10 … 12:50 all fall in 2026-03-02 IST
    expect(await views(store, new Date(Date.UTC(2026, 2, 1, 18, 30)), new Date(Date.UTC(2026, 2, 2, 18, 30)))).toEqual([
      ['/p', 4],
    ]);
  });

  it('keep one row per hour and page once settled, with the same answers', async () => {
    let store = await open();
    for (const batch of batches) await store.insertEvents(batch);
    await store.close(); // the last background pass settles the hours
    const db = await Database.open(dir(), 1);
    const rows = await db.all<{ hour: Date; views: number; settled: boolean }>(
      `SELECT hour, views, settled FROM compact_page_view_hours WHERE property_id = 'a' ORDER BY hour`,
    );
    await db.close();
    expect(rows.map((r) => [r.hour.toISOString().slice(11, 16), Number(r.views), r.settled])).toEqual([
      ['10:00', 2, true],
      ['11:00', 1, true],
      ['12:00', 1, true],
    ]);
    store = await open();
    expect(await views(store, at(10, 11), at(12, 30))).toEqual([['/p', 2]]);
    expect(await views(store, at(0, 0), at(23, 0))).toEqual([['/p', 4]]);
  });

  it('are built once from the page views of a store made before them', async () => {
    let store = await open();
    for (const batch of batches) await store.insertEvents(batch);
    await store.close();
    const db = await Database.open(dir(), 1);
    await db.writer.run(
      `DROP TABLE compact_page_view_hours; DELETE FROM store_migrations WHERE name = 'page-view-hours'`,
    );
    await db.close();
    store = await open();
    expect(await views(store, at(10, 11), at(12, 30))).toEqual([['/p', 2]]);
    expect(await views(store, at(0, 0), at(23, 0))).toEqual([['/p', 4]]);
  });
});
