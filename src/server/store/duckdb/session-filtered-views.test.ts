import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import type { Filter } from '../../../contract/filters.js';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { Random } from '../../seed/random.js';
import type { Scope } from '../store.js';
import { duckdbInternals, openDuckdbStore, type DuckdbInternals } from './duckdb-store.js';
import { pageViewsInMatchingSessions, summaryOfMatchingSessions } from './session-filtered-views.js';
import { keyOf } from './sql-fragments.js';
import type { Store } from '../store.js';

// Under session filters, page views come from the matching sessions' rows and numbered paths
// (session-filtered-views.ts). Checked against a count of the written events themselves, over
// generated sessions that cross the range's ends, bots' sessions (one with a person's views too),
// twin views (one page twice at one instant), in every state of the background pass; the store's trend
// per hour too, where most sessions' views fall in more than one hour.

const START = Date.parse('2026-05-02T00:00:00Z');
const END = START + 86_400_000;
const PAGES = ['/a', '/b', '/c', '/d'];
const UTC = [{ fromMs: null, offsetMinutes: 0 }];

function generate(property: string, seed: number, twins: boolean): StoredEvent[] {
  const random = new Random(seed);
  const out: StoredEvent[] = [];
  for (let i = 0; i < 160; i++) {
    const session = `${property}-s${i}`;
    const country = random.next() < 0.5 ? 'US' : i % 5 === 0 ? null : 'CA';
    // A bot's whole session every 11th; one more session mixes a bot's views with a person's.
    const bot = i % 11 === 0;
    let t = START + i * 8 * 60_000 - (i % 13 === 0 ? 3_600_000 : 0) + (i % 17 === 0 ? 21 * 3_600_000 : 0);
    const length = 1 + Math.floor(random.next() * 6);
    for (let v = 0; v < length; v++) {
      const path = PAGES[Math.floor(random.next() * PAGES.length)];
      const e = (at: number, isBot: boolean) => ({
        ...normalizeEvent(
          {
            type: 'pageview',
            property_id: property,
            visitor_id: `${property}-v${i % 70}`,
            session_id: session,
            path,
            ts: new Date(at).toISOString(),
          },
          new Date(),
        ),
        country: v === 0 ? country : 'XX', // the first view's country is the session's
        is_bot: isBot || (i === 7 && v === 0),
      });
      out.push(e(t, bot));
      if (twins && v === 1 && i % 9 === 0) out.push(e(t, bot)); // a twin: same page, same instant
      t += 40 * 60_000;
    }
  }
  return out;
}

/** Per page: the views in the range, not a bot's, of sessions whose first view's country is kept. */
function expected(events: StoredEvent[], property: string, keep: (country: string | null) => boolean) {
  const first = new Map<string, StoredEvent>();
  for (const e of [...events].sort((a, b) => a.ts.getTime() - b.ts.getTime()))
    if (e.property_id === property && !first.has(e.session_id)) first.set(e.session_id, e);
  const perPage = new Map<string, number>();
  const visitors = new Set<string>();
  const perHour = new Map<string, { views: number; visitors: Set<string> }>();
  let views = 0;
  for (const e of events) {
    const at = e.ts.getTime();
    if (e.property_id !== property || e.is_bot || at < START || at >= END) continue;
    if (!keep(first.get(e.session_id)!.country)) continue;
    perPage.set(e.path, (perPage.get(e.path) ?? 0) + 1);
    const hour = keyOf(new Date(Math.floor(at / 3_600_000) * 3_600_000));
    const h = perHour.get(hour) ?? { views: 0, visitors: new Set<string>() };
    perHour.set(hour, h);
    h.views++;
    h.visitors.add(e.visitor_id);
    visitors.add(e.visitor_id);
    views++;
  }
  const hours = new Map([...perHour].map(([k, h]) => [k, { page_views: h.views, unique_visitors: h.visitors.size }]));
  // Sessions that began in the range, not a bot's: how many, those with one view, their length.
  const bySession = new Map<string, StoredEvent[]>();
  for (const e of events)
    if (e.property_id === property) bySession.set(e.session_id, [...(bySession.get(e.session_id) ?? []), e]);
  let sessions = 0;
  let bounces = 0;
  let duration = 0;
  for (const [id, list] of bySession) {
    const times = list.map((e) => e.ts.getTime());
    const began = Math.min(...times);
    if (began < START || began >= END || list.some((e) => e.is_bot) || !keep(first.get(id)!.country)) continue;
    sessions++;
    if (list.length === 1) bounces++;
    duration += (Math.max(...times) - began) / 1000;
  }
  return { perPage, views, visitors: visitors.size, hours, sessions, bounces, duration };
}

let store: Store & { [duckdbInternals]: DuckdbInternals };
const events = [...generate('plain', 3, false), ...generate('twins', 5, true)];
const later = generate('plain', 9, false).map((e) => ({ ...e, session_id: `${e.session_id}-later` }));
const scope = (property: string, filters: Filter[]): Scope => ({
  propertyIds: [property],
  start: new Date(START),
  end: new Date(END),
  filters,
});
const cases: [string, Filter[], (c: string | null) => boolean][] = [
  ['country is US', [{ op: 'is', dimension: 'country', values: ['US'] }], (c) => c === 'US'],
  ['country is not US', [{ op: 'is_not', dimension: 'country', values: ['US'] }], (c) => c !== 'US'],
  ['country unknown', [{ op: 'is', dimension: 'country', values: [null] }], (c) => c === null],
];

beforeAll(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 });
  await store.insertEvents(events);
});
afterAll(() => store.close());

async function pageTexts(): Promise<Map<number, string>> {
  const rows = await store[duckdbInternals].db.all<{ text_no: number; text: string }>(
    'SELECT text_no, text FROM text_numbers',
  );
  return new Map(rows.map((r) => [r.text_no, r.text]));
}

async function check(all: StoredEvent[]) {
  const db = store[duckdbInternals].db;
  const texts = await pageTexts();
  for (const property of ['plain', 'twins']) {
    for (const [name, filters, keep] of cases) {
      const want = expected(all, property, keep);
      expect(want.views, name).toBeGreaterThan(0);
      const got = await pageViewsInMatchingSessions(db, scope(property, filters), [...texts.keys()]);
      const named = new Map([...got].map(([no, n]) => [texts.get(no)!, n]));
      expect(named, `${property}, ${name}`).toEqual(want.perPage);
      const b = [...texts].find(([, text]) => text === '/b')![0];
      expect(await pageViewsInMatchingSessions(db, scope(property, filters), [b]), `${property}, ${name}, /b`).toEqual(
        new Map([...got].filter(([no]) => no === b)),
      );
      expect(await summaryOfMatchingSessions(db, scope(property, filters)), `${property}, ${name}`).toEqual({
        page_views: want.views,
        unique_visitors: want.visitors,
        sessions: want.sessions,
        bounces: want.bounces,
        duration: want.duration,
      });
      // Hourly, as the trend reads them: each view tested by its session's first-touch numbers,
      // or through its session while the pass has not numbered it.
      const trend = await store.trafficTrend({ ...scope(property, filters), granularity: 'hour', offsets: UTC });
      expect([trend.page_views, trend.unique_visitors], `${property}, ${name}, trend total`).toEqual([
        want.views,
        want.visitors,
      ]);
      const hours = new Map(
        trend.buckets.map((b) => [b.bucket, { page_views: b.page_views, unique_visitors: b.unique_visitors }]),
      );
      expect(hours, `${property}, ${name}, hours`).toEqual(want.hours);
    }
  }
}

describe('page views of matching sessions', () => {
  it('are the written views, before the background pass', () => check(events));
  it('are the written views once it has numbered every session', async () => {
    await store[duckdbInternals].settle();
    await check(events);
  });
  it('are the written views with sessions written since the pass', async () => {
    await store.insertEvents(later);
    await check([...events, ...later]);
  });
});
