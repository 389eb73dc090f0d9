import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { storedEvent } from '../../test-support/stored-event.js';
import type { Filter } from '../../../contract/filters.js';
import type { Store } from '../store.js';
import { openClickhouseStore } from './clickhouse-store.js';

// What is particular to ClickHouse under filters: a session is several partial rows (one per insert)
// merged when read, so a session filter must judge the merged session, never one partial; and the
// matching set is keyed by session alone for one property but by (property, session) for several,
// where two properties may share a session id.
//
// Property p, 2026-03-10 (UTC):
//   A (ids a): insert 1: view /a 10:00, US, Chrome, macOS; insert 2: view /b 10:05, GB, Firefox (its
//      later views differ: the first touch stays US, Chrome; the exit page is /b).
//   B (ids b): insert 1: a click on /x 11:00 (no view); insert 2: view /x 11:01, GB, Safari; insert 3:
//      view /y 11:02, US. First touch GB, Safari (its first view is in insert 2); exit page /y.
// Property q: C, with A's session id: view /a 10:00, GB, Safari.

let store: Store;
const at = (h: number, m: number) => new Date(Date.UTC(2026, 2, 10, h, m));
const event = (property: string, session: string, ts: Date, over: Partial<StoredEvent>): StoredEvent =>
  storedEvent({ property_id: property, ts, session_id: session, device: 'desktop', browser: null, os: null, ...over });

beforeAll(async () => {
  store = await openClickhouseStore({
    target: { kind: 'chdb', path: ':memory:', database: `f_${randomUUID().replaceAll('-', '')}` },
    dropOnClose: true,
  });
  const inserts: StoredEvent[][] = [
    [
      event('p', 'a', at(10, 0), { path: '/a', country: 'US', browser: 'Chrome', os: 'macOS' }),
      event('p', 'b', at(11, 0), { type: 'click', path: '/x', target: 'button' }),
      event('q', 'a', at(10, 0), { path: '/a', country: 'GB', browser: 'Safari' }),
    ],
    [
      event('p', 'a', at(10, 5), { path: '/b', country: 'GB', browser: 'Firefox' }),
      event('p', 'b', at(11, 1), { path: '/x', country: 'GB', browser: 'Safari' }),
    ],
    [event('p', 'b', at(11, 2), { path: '/y', country: 'US', browser: 'Safari' })],
  ];
  for (const batch of inserts) await store.insertEvents(batch);
});
afterAll(async () => {
  await store?.close();
});

const day = (filters: Filter[], propertyIds = ['p']) => ({ propertyIds, start: at(0, 0), end: at(24, 0), filters });
const is = (dimension: Filter['dimension'], ...values: string[]): Filter => ({ op: 'is', dimension, values });

describe('a session written in several inserts', () => {
  it('is kept by its first page view, in whichever insert that came', async () => {
    expect(await store.trafficSummary(day([is('country', 'US')]))).toMatchObject({ sessions: 1, page_views: 2 }); // A
    expect(await store.trafficSummary(day([is('country', 'GB')]))).toMatchObject({ sessions: 1, page_views: 2 }); // B
    expect(await store.trafficSummary(day([is('browser', 'Firefox')]))).toMatchObject({ sessions: 0, page_views: 0 });
    const trend = await store.trafficTrend({
      ...day([is('browser', 'Safari')]),
      granularity: 'day',
      offsets: [{ fromMs: null, offsetMinutes: 0 }],
    });
    expect(trend).toMatchObject({ page_views: 2, unique_visitors: 1 }); // B's two views
  });

  it('is kept by its exit page, its last view in any insert', async () => {
    expect((await store.entryExitPages(day([is('exit_page', '/b')]), 10)).entry).toEqual([{ path: '/a', sessions: 1 }]);
    const clicks = await store.interactions(
      { ...day([is('exit_page', '/y')]), granularity: 'day', offsets: [{ fromMs: null, offsetMinutes: 0 }] },
      'click',
      { limit: 10 },
    );
    expect(clicks.total).toEqual({ count: 1, unique: 1 }); // B's click, made before its first view
  });

  it('gives page details and funnels of the merged session', async () => {
    expect((await store.pageDetails(day([is('country', 'US')]), '/b', 10)).totals.page_views).toBe(1);
    expect((await store.pageDetails(day([is('country', 'GB')]), '/b', 10)).totals.page_views).toBe(0);
    // Every operator on a merged value (matches once failed to plan over an aggregate).
    for (const op of ['matches', 'contains'] as const) {
      const us: Filter = { op, dimension: 'country', values: op === 'matches' ? ['U*'] : ['u'] };
      expect((await store.pageDetails(day([us]), '/b', 10)).rows.map((r) => [r.dimension, r.values[0]])).toContainEqual(
        ['country', 'US'],
      );
      expect((await store.trafficSummary(day([us]))).sessions, op).toBe(1);
      expect(
        (
          await store.realtime(['p'], at(10, 6), [
            { ...us, dimension: 'browser', values: op === 'matches' ? ['Chr*'] : ['hrom'] },
          ])
        ).active_visitors,
      ).toBe(1);
    }
    const funnel = await store.funnel(
      { scope: day([is('browser', 'Safari')]), steps: ['/x', '/y'], mode: 'sequential' },
      10,
    );
    expect(funnel).toEqual([{ value: null, reached: [1, 1] }]);
  });

  it('in realtime, by its first touch minutes before the window', async () => {
    const now = at(10, 6);
    expect((await store.realtime(['p'], now, [is('browser', 'Chrome')])).active_visitors).toBe(1);
    const firefox = await store.realtime(['p'], now, [is('browser', 'Firefox')]);
    expect(firefox).toEqual({ active_visitors: 0, feed: [] });
    expect((await store.realtime(['p'], now, [is('os', 'macOS')])).feed.map((v) => v.page)).toEqual(['/b', '/a']);
  });
});

describe('several properties sharing a session id', () => {
  it("keep each (property, session) apart: q's GB session does not keep p's US one", async () => {
    // B (p) and C (q) entered from GB; A (p) shares C's session id but entered from the US.
    expect(await store.trafficSummary(day([is('country', 'GB')], ['p', 'q']))).toMatchObject({
      sessions: 2,
      page_views: 3,
    });
    const pages = await store.pages(day([is('browser', 'Safari')], ['p', 'q']), 10);
    expect(pages.map((r) => [r.path, r.page_views])).toEqual([
      ['/a', 1],
      ['/x', 1],
      ['/y', 1],
    ]);
  });
});
