import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import type { Filter } from '../../../contract/filters.js';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { reopenableStore } from '../../test-support/reopenable-store.js';
import { Database } from './database.js';
import { duckdbInternals, type DuckdbInternals } from './duckdb-store.js';

// What only the embedded store does under filters: browser and OS added to a store made before them,
// the `page` filter read through the path dictionary of the compact tables and, on session reports, through
// the index of the paths' pages (built once for a store made before it), and filtered page views
// read from those tables rather than the slot table, exact on ranges that cut through a slot.

type Extra = Partial<Pick<StoredEvent, 'browser' | 'os' | 'country' | 'target'>>;
const event = (
  type: StoredEvent['type'],
  session: string,
  at: string,
  path: string,
  extra: Extra = {},
): StoredEvent => ({
  ...normalizeEvent(
    { type, property_id: 'a', visitor_id: `v-${session}`, session_id: session, path, ts: at, target: extra.target },
    new Date(),
  ),
  ...extra,
});
const view = (session: string, at: string, path: string, extra: Extra = {}) =>
  event('pageview', session, at, path, extra);
const day = (d: string, filters?: Filter[]) => ({
  propertyIds: ['a'],
  start: new Date(`${d}T00:00:00Z`),
  end: new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000),
  filters,
});
const is = (dimension: Filter['dimension'], ...values: (string | null)[]): Filter => ({ op: 'is', dimension, values });
const isNot = (dimension: Filter['dimension'], ...values: (string | null)[]): Filter => ({
  op: 'is_not',
  dimension,
  values,
});
const utc = [{ fromMs: null, offsetMinutes: 0 }] as never;

const { open, dir } = reopenableStore('filtered');

describe('a store made before browser and OS were kept', () => {
  it('gets the columns when opened; its rows read as unknown, and a session it began keeps an unknown first touch', async () => {
    let s = await open();
    await s.insertEvents([view('old', '2026-03-02T10:00:00Z', '/'), view('old2', '2026-03-02T10:05:00Z', '/docs')]);
    await s.close();
    // What the version before left: neither table has browser, os or any column added after them.
    const db = await Database.open(dir());
    for (const table of ['events', 'sessions']) {
      const later = await db.all<{ column_name: string }>(
        `SELECT column_name FROM duckdb_columns() WHERE table_name = $t AND column_index >= (
           SELECT column_index FROM duckdb_columns() WHERE table_name = $t AND column_name = 'browser') ORDER BY column_index DESC`,
        { t: table },
      );
      for (const { column_name } of later) await db.writer.run(`ALTER TABLE ${table} DROP COLUMN "${column_name}"`);
    }
    await db.close();

    s = await open();
    await s.insertEvents([
      view('new', '2026-03-02T11:00:00Z', '/', { browser: 'Chrome', os: 'Windows' }),
      // A later view of a session the old version began: its first page view's browser was unknown.
      view('old', '2026-03-02T10:10:00Z', '/pricing', { browser: 'Firefox', os: 'Linux' }),
    ]);
    const { rows, totals } = await s.segments(day('2026-03-02'), 10);
    expect(totals).toEqual({ sessions: 3, page_views: 4 });
    expect(rows.filter((r) => r.dimension === 'browser')).toEqual([
      { dimension: 'browser', values: [null], sessions: 2, page_views: 3 },
      { dimension: 'browser', values: ['Chrome'], sessions: 1, page_views: 1 },
    ]);
    expect(rows.filter((r) => r.dimension === 'os').map((r) => [r.values[0], r.sessions])).toEqual([
      [null, 2],
      ['Windows', 1],
    ]);
    // Unknown is what `null` picks, and what the negative operators keep.
    expect((await s.trafficSummary(day('2026-03-02', [is('browser', null)]))).sessions).toBe(2);
    expect((await s.trafficSummary(day('2026-03-02', [isNot('os', 'Windows')]))).sessions).toBe(2);
    expect((await s.trafficSummary(day('2026-03-02', [isNot('os', 'Windows', null)]))).sessions).toBe(0);
    // And the export carries the columns now, null for the old rows.
    const exported: StoredEvent[] = [];
    for await (const batch of s.exportEvents()) exported.push(...batch);
    expect(exported.map((e) => [e.path, e.browser, e.os]).sort()).toEqual([
      ['/', null, null],
      ['/', 'Chrome', 'Windows'],
      ['/docs', null, null],
      ['/pricing', 'Firefox', 'Linux'],
    ]);
  });
});

describe('the page filter on the compact tables', () => {
  it('matches paths through the dictionary only: a click target with the same text as the filter is not a page, an unseen path matches nothing', async () => {
    const s = await open();
    await s.insertEvents([
      view('s1', '2026-03-02T10:00:00Z', '/blog/a'),
      view('s1', '2026-03-02T10:01:00Z', '/blog/a/b'),
      event('click', 's1', '2026-03-02T10:02:00Z', '/blog/a/b', { target: '/shop' }), // "/shop" is a target's text here
      view('s2', '2026-03-02T11:00:00Z', '/shop'), // ...and a path here: one dictionary entry, both uses
      event('click', 's2', '2026-03-02T11:01:00Z', '/shop', { target: 'a.buy' }),
      view('s3', '2026-03-02T12:00:00Z', '/blog'),
    ]);
    const pages = async (f: Filter) =>
      (await s.pages(day('2026-03-02', [f]), 10)).map((p) => [p.path, p.page_views, p.unique_visitors]);
    expect(await pages({ op: 'matches', dimension: 'page', values: ['/blog/*'] })).toEqual([['/blog/a', 1, 1]]);
    expect(await pages({ op: 'matches', dimension: 'page', values: ['/blog/**'] })).toEqual([
      ['/blog/a', 1, 1],
      ['/blog/a/b', 1, 1],
    ]);
    expect(await pages({ op: 'contains', dimension: 'page', values: ['SHOP'] })).toEqual([['/shop', 1, 1]]);
    expect(await pages(is('page', '/never-seen'))).toEqual([]);
    // Clicks on matching pages: the click whose target reads "/shop" was made on /blog/a/b.
    const clicks = await s.interactions(
      { ...day('2026-03-02', [is('page', '/shop')]), granularity: 'day', offsets: utc },
      'click',
      { limit: 10 },
    );
    expect(clicks.rows).toEqual([{ page: '/shop', target: 'a.buy', label: null, count: 1, unique: 1, page_views: 1 }]);
    expect(clicks.total).toEqual({ count: 1, unique: 1 });
    expect(
      (
        await s.interactions(
          { ...day('2026-03-02', [is('page', 'a.buy')]), granularity: 'day', offsets: utc },
          'click',
          { limit: 10 },
        )
      ).total,
    ).toEqual({ count: 0, unique: 0 });
    // Sessions that viewed a matching page, whole: s1 entered on /blog/a and left on /blog/a/b.
    expect(await s.entryExitPages(day('2026-03-02', [is('page', '/blog/a/b')]), 10)).toEqual({
      entry: [{ path: '/blog/a', sessions: 1 }],
      exit: [{ path: '/blog/a/b', sessions: 1 }],
      sessions: 1,
    });
    expect(await s.trafficSummary(day('2026-03-02', [is('page', '/never-seen')]))).toEqual({
      page_views: 0,
      unique_visitors: 0,
      sessions: 0,
      bounces: 0,
      duration_seconds_total: 0,
    });
  });
});

describe("the index of the paths' pages, for the page filter on session reports", () => {
  it('is built once for a store whose sessions were numbered before it existed', async () => {
    let s = await open();
    await s.insertEvents([
      view('s1', '2026-03-02T10:00:00Z', '/'),
      view('s1', '2026-03-02T10:01:00Z', '/pricing'),
      view('s2', '2026-03-02T11:00:00Z', '/docs'),
    ]);
    const internals = () => (s as unknown as { [duckdbInternals]: DuckdbInternals })[duckdbInternals];
    await internals().settle();
    const numbered = await internals().db.all<{ n: number }>(
      'SELECT count(*)::INTEGER AS n FROM sessions WHERE pattern_no IS NOT NULL',
    );
    expect(numbered).toEqual([{ n: 2 }]); // read by their paths, not their views
    await s.close();
    const db = await Database.open(dir());
    await db.writer.run('DROP TABLE pattern_pages');
    await db.close();

    s = await open();
    expect(await s.entryExitPages(day('2026-03-02', [is('page', '/pricing')]), 10)).toEqual({
      entry: [{ path: '/', sessions: 1 }],
      exit: [{ path: '/pricing', sessions: 1 }],
      sessions: 1,
    });
    expect(await s.trafficSummary(day('2026-03-02', [is('page', '/docs')]))).toMatchObject({ sessions: 1 });
  });
});

describe('filtered page views on ranges that cut through a slot', () => {
  it('count exactly the views in the range, the slot table being left for the compact one', async () => {
    const s = await open();
    await s.insertEvents([
      view('u1', '2026-03-02T10:01:00Z', '/', { country: 'US' }), // before the range, in its first slot
      view('u2', '2026-03-02T10:07:00Z', '/', { country: 'US' }), // inside, in that same slot
      view('d1', '2026-03-02T10:08:00Z', '/', { country: 'DE' }), // inside, another country
      view('u1', '2026-03-02T11:00:00Z', '/x', { country: 'US' }), // u1's session, begun before the range: still US
      view('u3', '2026-03-02T11:20:00Z', '/', { country: 'US' }), // in the last slot, inside
      view('u4', '2026-03-02T11:25:00Z', '/', { country: 'US' }), // in the last slot, after the end
    ]);
    const scope = {
      propertyIds: ['a'],
      start: new Date('2026-03-02T10:05:00Z'),
      end: new Date('2026-03-02T11:22:30Z'),
      filters: [is('country', 'US')],
    };
    expect(await s.trafficSummary(scope)).toMatchObject({ page_views: 3, unique_visitors: 3 });
    const trend = await s.trafficTrend({ ...scope, granularity: 'hour', offsets: utc });
    expect(trend.buckets.map((b) => [b.bucket, b.page_views, b.unique_visitors]).sort()).toEqual([
      ['2026-03-02 10:00:00', 1, 1],
      ['2026-03-02 11:00:00', 2, 2],
    ]);
    expect([trend.page_views, trend.unique_visitors]).toEqual([3, 3]);
    // The page filter alone, on the same cut range: views of "/" from 10:05 to 11:22:30.
    expect(await s.trafficSummary({ ...scope, filters: [is('page', '/')] })).toMatchObject({
      page_views: 3,
      unique_visitors: 3,
    });
    // A range inside one slot.
    expect(
      await s.trafficSummary({
        ...scope,
        start: new Date('2026-03-02T10:02:00Z'),
        end: new Date('2026-03-02T10:10:00Z'),
      }),
    ).toMatchObject({ page_views: 1, unique_visitors: 1 });
  });
});
