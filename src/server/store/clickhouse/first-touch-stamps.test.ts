import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import type { Filter } from '../../../contract/filters.js';
import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { connectClickhouse } from './connect.js';
import { inMatchingSessionsOf, untrustedSessions } from './stamped-filters.js';
import { scopeParams, scopeWhere } from './sql-fragments.js';
import { insertEvents } from './write-events.js';
import { storedEvent } from '../../test-support/stored-event.js';

// First-touch stamps (first-touch-stamps.ts): the clicks report under a country filter keeps each
// session by its first page view's country, whether the click's stamp came from its own batch, from the
// stored partials, from nothing (the merge), or was wrong and recorded as doubted. Property p, 10 March:
//   S1: view /a 10:00 US; later batch: click /a 10:01 (stamped from the stored view)
//   S2: click /b 11:00 (no view yet: no stamp); later batch: view /b 11:01 GB
//   S3: view /c 12:05 DE and click /c 12:06; later batch: view /c 12:00 FR (late: first touch FR)
//   S4: two writers that cannot see each other's insert: A writes view /d 13:10 NL and click 13:11,
//       B writes view /d 13:05 BE (first touch BE)
//   S5: imported in two batches: view /e 14:05 SE and click 14:06; then view /e 14:00 NO (first touch NO)
// Each session has one click, so the clicks under "country is X" are 1 for US, GB, FR, BE and NO.

const target = { kind: 'chdb' as const, path: ':memory:', database: `t_${randomUUID().replaceAll('-', '')}` };
let store: Store;
let raw: ChDb;
const at = (h: number, m: number) => new Date(Date.UTC(2026, 2, 10, h, m));
const event = (session: string, h: number, m: number, over: Partial<StoredEvent>): StoredEvent =>
  storedEvent({
    property_id: 'p',
    ts: at(h, m),
    session_id: session,
    device: 'desktop',
    browser: null,
    os: null,
    ...over,
  });
const click = (session: string, h: number, m: number, path: string) =>
  event(session, h, m, { type: 'click', path, target: 'button#buy', country: 'ZZ' });

beforeAll(async () => {
  store = await openClickhouseStore({ target, dropOnClose: true });
  raw = chDb(await connectClickhouse(target), target.database, null, 'chdb');
  // A writer that looks up nothing stored: as if the other writer's insert were not yet visible.
  const blind: ChDb = { ...raw, all: async <T>() => [] as T[] };
  await store.insertEvents([event('s1', 10, 0, { path: '/a', country: 'US' })]);
  await store.insertEvents([click('s1', 10, 1, '/a'), click('s2', 11, 0, '/b')]);
  await store.insertEvents([event('s2', 11, 1, { path: '/b', country: 'GB' })]);
  await store.insertEvents([event('s3', 12, 5, { path: '/c', country: 'DE' }), click('s3', 12, 6, '/c')]);
  await store.insertEvents([event('s3', 12, 0, { path: '/c', country: 'FR' })]);
  await insertEvents(blind, [event('s4', 13, 10, { path: '/d', country: 'NL' }), click('s4', 13, 11, '/d')]);
  await insertEvents(blind, [event('s4', 13, 5, { path: '/d', country: 'BE' })]);
  await store.importEvents(
    (async function* () {
      yield [event('s5', 14, 5, { path: '/e', country: 'SE' }), click('s5', 14, 6, '/e')];
      yield [event('s5', 14, 0, { path: '/e', country: 'NO' })];
    })(),
  );
});
afterAll(async () => {
  await raw?.client.close();
  await store?.close();
});

const clicks = (filters: Filter[]) =>
  store.interactions(
    {
      propertyIds: ['p'],
      start: at(0, 0),
      end: at(24, 0),
      filters,
      granularity: 'day',
      offsets: [{ fromMs: null, offsetMinutes: 0 }],
    },
    'click',
    { limit: 10 },
  );
const country = (op: Filter['op'], ...values: string[]): Filter => ({ op, dimension: 'country', values });

describe('events stamped with their first touch as written', () => {
  it('are stamped from their batch or the stored partials, and doubted where a stamp went wrong', async () => {
    const stamps = await raw.all<{ session: string; type: string; touch_country: string | null }>(
      `SELECT multiIf(session_key = sipHash64('s1'), 's1', session_key = sipHash64('s2'), 's2', session_key = sipHash64('s3'), 's3',
         session_key = sipHash64('s4'), 's4', 's5') AS session, type, touch_country FROM events ORDER BY ts`,
    );
    expect(stamps.filter((r) => r.type === 'click').map((r) => [r.session, r.touch_country])).toEqual([
      ['s1', 'US'], // from the stored view
      ['s2', null], // no view yet
      ['s3', 'DE'], // wrong since the late view: doubted
      ['s4', 'NL'], // wrong, by the blind writer: doubted
      ['s5', 'SE'], // wrong, by the import's first batch: doubted
    ]);
    const doubted = await raw.all<{ n: string }>(
      `SELECT toString(count(DISTINCT session_key)) AS n FROM touch_doubts
       WHERE session_key IN (sipHash64('s3'), sipHash64('s4'), sipHash64('s5'))`,
    );
    expect(doubted).toEqual([{ n: '3' }]);
    expect(
      await raw.all(`SELECT session_key FROM touch_doubts WHERE session_key IN (sipHash64('s1'), sipHash64('s2'))`),
    ).toEqual([]);
  });

  it('keep each session by its first page view in the clicks report, whichever way its stamp came', async () => {
    for (const c of ['US', 'GB', 'FR', 'BE', 'NO'])
      expect((await clicks([country('is', c)])).total, c).toEqual({ count: 1, unique: 1 });
    for (const c of ['DE', 'NL', 'SE', 'ZZ'])
      expect((await clicks([country('is', c)])).total, c).toEqual({ count: 0, unique: 0 });
    const notUs = await clicks([country('is_not', 'US')]);
    expect(notUs.total).toEqual({ count: 4, unique: 4 });
    expect(notUs.rows.map((r) => [r.page, r.page_views])).toEqual([
      ['/b', 1],
      ['/c', 2],
      ['/d', 2],
      ['/e', 2],
    ]);
    expect(
      (await clicks([country('matches', 'N*'), { op: 'contains', dimension: 'device', values: ['desk'] }])).rows,
    ).toEqual([{ page: '/e', target: 'button#buy', label: null, count: 1, unique: 1, page_views: 2 }]);
  });

  it('keep each session by its first page view in the traffic summary, trend and funnels', async () => {
    const scope = (filters: Filter[]) => ({ propertyIds: ['p'], start: at(0, 0), end: at(24, 0), filters });
    const figures = async (filters: Filter[]) => {
      const r = await store.trafficSummary(scope(filters));
      const trend = await store.trafficTrend({
        ...scope(filters),
        granularity: 'day',
        offsets: [{ fromMs: null, offsetMinutes: 0 }],
      });
      const funnel = async (mode: 'unbounded' | 'sequential') =>
        (await store.funnel({ scope: scope(filters), steps: ['/c'], mode }, 10))[0].reached;
      return [r.page_views, r.sessions, trend.page_views, await funnel('unbounded'), await funnel('sequential')];
    };
    // s1 and s2 have one view each; s3, s4 and s5 two, one of them stamped with the later-corrected
    // country. Only s3 viewed /c, the funnel's step.
    for (const [c, views, onC] of [
      ['US', 1, 0],
      ['GB', 1, 0],
      ['FR', 2, 1],
      ['BE', 2, 0],
      ['NO', 2, 0],
    ] as const)
      expect(await figures([country('is', c)]), c).toEqual([views, 1, views, [onC], [onC]]);
    for (const c of ['DE', 'NL', 'SE']) expect(await figures([country('is', c)]), c).toEqual([0, 0, 0, [0], [0]]);
    expect(await figures([country('is_not', 'US')])).toEqual([7, 4, 7, [1], [1]]);
    expect(await figures([country('is_not', 'FR')])).toEqual([6, 4, 6, [0], [0]]);
  });

  it('keep each session by its first page view in the realtime count and feed', async () => {
    const live = async (now: Date, c: string) => {
      const r = await store.realtime(['p'], now, [country('is', c)]);
      return [r.active_visitors, r.feed.map((f) => f.timestamp.toISOString().slice(11, 16))];
    };
    // At 12:08 the last 5 minutes hold s3's view (stamped DE, doubted) and click; its first touch is
    // the late 12:00 view from FR, and the feed's 30 minutes hold both of its views.
    expect(await live(at(12, 8), 'FR')).toEqual([1, ['12:05', '12:00']]);
    expect(await live(at(12, 8), 'DE')).toEqual([0, []]);
    // At 14:07: s5, imported with its first batch's stamp SE, first touched from NO.
    expect(await live(at(14, 7), 'NO')).toEqual([1, ['14:05', '14:00']]);
    expect(await live(at(14, 7), 'SE')).toEqual([0, []]);
    // At 10:03: s1's view, stamped as written.
    expect(await live(at(10, 3), 'US')).toEqual([1, ['10:00']]);
  });

  it('give the same figures with the untrusted sessions named, and found by subquery when there are too many', async () => {
    const scope = { propertyIds: ['p'], start: at(0, 0), end: at(24, 0) };
    const kind = `type = 'click' AND NOT is_bot`;
    const keys = await untrustedSessions(raw, { ...scope, filters: [country('is', 'US')] }, scopeParams(scope), kind);
    const [named] = await raw.all<{ keys: string[] }>(
      `SELECT arraySort(arrayMap(s -> toString(sipHash64(s)), ['s2', 's3', 's4', 's5'])) AS keys`,
    );
    expect([...keys!].sort()).toEqual(named.keys); // s1's click is stamped and not doubted
    expect(
      await untrustedSessions(raw, { ...scope, filters: [country('is', 'US')] }, scopeParams(scope), kind, 3),
    ).toBe(null);
    for (const [c, n] of [
      ['US', 1],
      ['GB', 1],
      ['FR', 1],
      ['DE', 0],
      ['ZZ', 0],
    ] as const)
      for (const untrusted of [keys, null]) {
        const s = { ...scope, filters: [country('is', c)] };
        const params = scopeParams(s);
        const sql = `SELECT toString(count()) AS n FROM events WHERE ${scopeWhere('ts')} AND ${kind} AND ${inMatchingSessionsOf(s, params, kind, untrusted)}`;
        expect(await raw.all(sql, params), `${c}, ${untrusted ? 'named' : 'by subquery'}`).toEqual([{ n: String(n) }]);
      }
  });
});
