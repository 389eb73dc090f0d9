import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { Database } from './database.js';
import { duckdbInternals, openDuckdbStore } from './duckdb-store.js';

// The pages report's scroll depth from the hourly sums (engagement-hours.ts) is the mean over
// (session, page) of the deepest scroll in the range, exactly as from the rows: before the
// background pass has flagged anything (read from the rows) and after (read from the hours), wherever
// the range starts and ends, and for a store made before the hours.

const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 2, 2, hh, mm));
const event = (type: 'pageview' | 'engagement', session: string, time: Date, path: string, depth?: number | null) =>
  normalizeEvent(
    {
      type,
      property_id: 'a',
      visitor_id: `v-${session}`,
      session_id: session,
      path,
      ts: time.toISOString(),
      ...(type === 'engagement' ? { scroll_depth: depth } : {}),
    },
    new Date(),
  );

// /p: s1 scrolls 0.5 at 10:12 and 0.9 at 10:40 (a later batch: one pair, deepest 0.9); s2 0.2 at
// 11:25; s3 reports no depth at 12:50; s4 0.6 at 12:55. A view per session gives /p its row.
const batches: StoredEvent[][] = [
  [event('pageview', 's1', at(10, 10), '/p'), event('engagement', 's1', at(10, 12), '/p', 0.5)],
  [event('engagement', 's1', at(10, 40), '/p', 0.9), event('pageview', 's2', at(11, 20), '/p')],
  [event('engagement', 's2', at(11, 25), '/p', 0.2)],
  [event('pageview', 's3', at(12, 45), '/p'), event('engagement', 's3', at(12, 50), '/p', null)],
  [event('pageview', 's4', at(12, 52), '/p'), event('engagement', 's4', at(12, 55), '/p', 0.6)],
];

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A store whose background pass runs only when settled by hand (and at open and close). */
async function open() {
  dir ??= mkdtempSync(join(tmpdir(), 'sightline-engagement-hours-'));
  const store = await openDuckdbStore(dir, { backgroundPassMs: 3_600_000 });
  if ((await store.getProperties(['a'])).length === 0)
    await store.createProperty({ id: 'a', name: 'A', domain: null, timezone: 'UTC' });
  return store;
}
type Opened = Awaited<ReturnType<typeof open>>;

const depth = async (store: Opened, start: Date, end: Date) =>
  (await store.pages({ propertyIds: ['a'], start, end }, 10)).find((r) => r.path === '/p')?.avg_scroll_depth;

/** Every answer below, hand-worked. */
async function expectDepths(store: Opened) {
  // the day: s1 0.9, s2 0.2, s4 0.6 (s3 reported none)
  expect(await depth(store, at(0, 0), at(23, 0))).toBeCloseTo((0.9 + 0.2 + 0.6) / 3, 12);
  // 10:30–12:30, parts of hours at both ends: s1's 0.9 alone of its pair, s2 0.2
  expect(await depth(store, at(10, 30), at(12, 30))).toBeCloseTo((0.9 + 0.2) / 2, 12);
  // 10:05–10:30, inside one hour: s1's first row only
  expect(await depth(store, at(10, 5), at(10, 30))).toBe(0.5);
  // 12:00–13:00, a whole hour: s3 has no depth, so s4 alone
  expect(await depth(store, at(12, 0), at(13, 0))).toBe(0.6);
  // an India day (18:30 UTC the day before to 18:30): everything
  expect(await depth(store, new Date(Date.UTC(2026, 2, 1, 18, 30)), at(18, 30))).toBeCloseTo((0.9 + 0.2 + 0.6) / 3, 12);
}

describe('scroll depth from the hourly sums', () => {
  it('is the same exact mean read from the rows before the pass and from the hours after it', async () => {
    const store = await open();
    for (const batch of batches) await store.insertEvents(batch);
    const unflagged = await store[duckdbInternals].db.all<{ n: number }>(
      'SELECT count(*) AS n FROM compact_engagements WHERE repeated IS NULL',
    );
    expect(unflagged[0].n).toBe(5); // nothing flagged yet: the report reads the rows
    await expectDepths(store);
    await store[duckdbInternals].settle();
    const flags = await store[duckdbInternals].db.all<{ repeated: boolean }>(
      'SELECT repeated FROM compact_engagements ORDER BY ts',
    );
    expect(flags.map((r) => r.repeated)).toEqual([true, true, false, false, false]);
    await expectDepths(store);
    await store.close();
  });

  it('keeps one row per hour and page once settled', async () => {
    let store = await open();
    for (const batch of batches) await store.insertEvents(batch);
    await store.close(); // the last background pass folds the hours
    const db = await Database.open(dir!, 1);
    const rows = await db.all<{ hour: Date; depths: number; depth_sum: number; settled: boolean }>(
      `SELECT hour, depths, depth_sum, settled FROM compact_engagement_hours ORDER BY hour`,
    );
    await db.close();
    expect(
      rows.map((r) => [r.hour.toISOString().slice(11, 16), Number(r.depths), Number(r.depth_sum), r.settled]),
    ).toEqual([
      ['10:00', 2, 1_400_000_000, true],
      ['11:00', 1, 200_000_000, true],
      ['12:00', 1, 600_000_000, true],
    ]);
    store = await open();
    await expectDepths(store);
    await store.close();
  });

  it('are built once from the engagement rows of a store made before them', async () => {
    let store = await open();
    for (const batch of batches) await store.insertEvents(batch);
    await store.close();
    const db = await Database.open(dir!, 1);
    await db.writer.run(
      `DROP TABLE compact_engagement_hours; DELETE FROM store_migrations WHERE name = 'engagement-hours'`,
    );
    await db.close();
    store = await open();
    await store[duckdbInternals].settle();
    await expectDepths(store);
    await store.close();
  });

  it('gives the mean to the last digit, as ClickHouse divides its sum of billionths', async () => {
    const store = await open();
    // 40 sessions over two pages and six hours, some scrolling a page twice (a pair's deepest counts)
    const deepest = new Map<string, number>();
    const events: StoredEvent[] = [];
    for (let i = 0; i < 40; i++) {
      const path = i % 3 === 0 ? '/q' : '/p';
      const t = at(9 + (i % 6), (i * 7) % 60);
      const scrolls = i % 4 === 0 ? [((i * 37) % 100) / 100, ((i * 53) % 100) / 100] : [((i * 29) % 100) / 100];
      events.push(event('pageview', `r${i}`, t, path));
      scrolls.forEach((d, k) =>
        events.push(event('engagement', `r${i}`, new Date(t.getTime() + (k + 1) * 1000), path, d)),
      );
      if (path === '/p') deepest.set(`r${i}`, Math.max(...scrolls));
    }
    await store.insertEvents(events);
    const values = [...deepest.values()];
    // each depth in billionths is an integer: no rounding tie among these hundredths
    const expected = values.reduce((sum, d) => sum + Math.round(d * 1e9), 0) / (values.length * 1e9);
    expect(await depth(store, at(0, 0), at(23, 0))).toBe(expected);
    await store[duckdbInternals].settle();
    expect(await depth(store, at(0, 0), at(23, 0))).toBe(expected);
    expect(await depth(store, at(9, 30), at(14, 10))).toBe(
      (() => {
        const inside = events.filter(
          (e) => e.type === 'engagement' && e.path === '/p' && e.ts >= at(9, 30) && e.ts < at(14, 10),
        );
        const max = new Map<string, number>();
        for (const e of inside) max.set(e.session_id, Math.max(max.get(e.session_id) ?? 0, e.scroll_depth!));
        const v = [...max.values()];
        return v.reduce((sum, d) => sum + Math.round(d * 1e9), 0) / (v.length * 1e9);
      })(),
    );
    await store.close();
  });
});
