import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROP_A, insert, session } from '../../test-support/fixtures.js';
import type { Store } from '../store.js';
import type { Filter } from '../../../contract/filters.js';
import { duckdbInternals, openDuckdbStore, type DuckdbInternals } from './duckdb-store.js';

// traffic/breakdown groups numbered sessions by their first-touch numbers and the others by their
// texts. These drive each state by hand: the answers never change, only where they are read from.

let store: Store & { [duckdbInternals]: DuckdbInternals };
beforeEach(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 }); // passes only when settled by hand
});
afterEach(() => store.close());

const internals = () => store[duckdbInternals];
const numbers = () =>
  internals().db.all<{ id: string; arrival_no: number | null; client_no: number | null }>(
    'SELECT session_key AS id, arrival_no, client_no FROM sessions ORDER BY first_ts',
  );
const unnumber = async () => {
  await internals().settle();
  await internals().db.transaction((conn) =>
    conn.run('UPDATE sessions SET pattern_no = NULL, arrival_no = NULL, client_no = NULL'),
  );
};
const may2 = { propertyIds: [PROP_A], start: new Date('2026-05-02T00:00:00Z'), end: new Date('2026-05-03T00:00:00Z') };

const us = { country: 'US', device: 'desktop' } as const;
const de = { country: 'DE', device: 'mobile' } as const;

async function writeSessions() {
  const s1 = session('s1', 'v1', us);
  const s2 = session('s2', 'v2', us);
  const s3 = session('s3', 'v3', de);
  const bot = session('bot', 'vb', { ...us, user_agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
  await insert(store, [
    s1.pv('2026-05-02T10:00:00Z', '/a', { referrer: 'https://google.com/', utm_source: 'ads' }),
    s1.pv('2026-05-02T10:01:00Z', '/b'),
    s2.pv('2026-05-02T11:00:00Z', '/a', { referrer: 'https://google.com/', utm_source: 'ads' }),
    s3.pv('2026-05-02T12:00:00Z', '/b'),
    bot.pv('2026-05-02T12:00:00Z', '/a'),
  ]);
}

describe('session first-touch numbers', () => {
  it('are set by the pass, one number per distinct combination, and the breakdown is the same before and after', async () => {
    await writeSessions();
    await unnumber();
    const before = await store.segments(may2, 10);
    await internals().settle();
    const nos = await numbers();
    expect(nos.every((r) => r.arrival_no !== null && r.client_no !== null)).toBe(true);
    // s1 and s2 arrived alike from alike clients; s3 came from Germany on a phone, the bot with a browser name.
    const [s1, s2] = nos;
    expect(s2.arrival_no).toBe(s1.arrival_no);
    expect(s2.client_no).toBe(s1.client_no);
    expect(await internals().db.all('SELECT count(*)::INTEGER AS n FROM client_tuples')).toEqual([{ n: 3 }]);
    expect(await store.segments(may2, 10)).toEqual(before);
    expect(before.totals).toEqual({ sessions: 3, page_views: 4 });
    expect(before.rows).toEqual(
      expect.arrayContaining([
        { dimension: 'country', values: ['US'], sessions: 2, page_views: 3 },
        { dimension: 'country', values: ['DE'], sessions: 1, page_views: 1 },
        { dimension: 'referrer', values: ['google.com'], sessions: 2, page_views: 3 },
        { dimension: 'landing_page', values: ['/a'], sessions: 2, page_views: 3 },
        { dimension: 'utm', values: ['ads', null, null], sessions: 2, page_views: 3 },
      ]),
    );
  });

  it('an earlier page view written later clears the numbers, and the session is read by its new texts', async () => {
    await writeSessions();
    await internals().settle();
    // s3 began earlier, on /c from bing: its entry page and referrer change.
    await insert(store, [session('s3', 'v3', de).pv('2026-05-02T09:00:00Z', '/c', { referrer: 'https://bing.com/' })]);
    expect((await numbers()).find((r) => r.arrival_no === null)).toBeDefined();
    const written = await store.segments(may2, 10);
    expect(written.rows).toEqual(
      expect.arrayContaining([
        { dimension: 'landing_page', values: ['/c'], sessions: 1, page_views: 2 },
        { dimension: 'referrer', values: ['bing.com'], sessions: 1, page_views: 2 },
      ]),
    );
    expect(written.rows.find((r) => r.dimension === 'landing_page' && r.values[0] === '/b')).toBeUndefined();
    await internals().settle();
    expect((await numbers()).every((r) => r.arrival_no !== null)).toBe(true);
    expect(await store.segments(may2, 10)).toEqual(written);
  });

  it('filters keep the same sessions numbered or not', async () => {
    await writeSessions();
    await unnumber();
    const filters: Filter[] = [
      { op: 'is', dimension: 'country', values: ['US'] },
      { op: 'is', dimension: 'page', values: ['/b'] },
    ];
    const scope = { ...may2, filters };
    const before = await store.segments(scope, 10);
    expect(before.totals).toEqual({ sessions: 1, page_views: 2 });
    await internals().settle();
    expect(await store.segments(scope, 10)).toEqual(before);
  });
});
