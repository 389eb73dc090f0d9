import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Filter } from '../../../contract/filters.js';
import { PROP_A, insert, session } from '../../test-support/fixtures.js';
import type { BucketedScope, Store } from '../store.js';
import { duckdbInternals, openDuckdbStore, type DuckdbInternals } from './duckdb-store.js';

// Clicks and forms count distinct sessions by the sessions' numbers: their own once the background
// pass has copied them onto the rows, their session's until then, and by session key in a store
// whose sessions have no numbers yet. These drive each state by hand: the answers never change.

let store: Store & { [duckdbInternals]: DuckdbInternals };
beforeEach(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 }); // passes only when settled by hand
});
afterEach(() => store.close());

const internals = () => store[duckdbInternals];
const scope = (filters?: Filter[]): BucketedScope => ({
  propertyIds: [PROP_A],
  start: new Date('2026-05-02T00:00:00Z'),
  end: new Date('2026-05-04T00:00:00Z'),
  granularity: 'day',
  offsets: [{ fromMs: null, offsetMinutes: 0 }],
  ...(filters ? { filters } : {}),
});

async function writeClicks() {
  const s1 = session('s1', 'v1', { country: 'US' });
  const s2 = session('s2', 'v2', { country: 'DE' });
  const s3 = session('s3', 'v3', { country: 'US' });
  await insert(store, [
    s1.pv('2026-05-02T10:00:00Z', '/a'),
    s1.click('2026-05-02T10:01:00Z', '/a', '#buy'),
    s1.click('2026-05-02T10:02:00Z', '/a', '#buy'),
    // s2 clicks on both days: one session in each day's figure, once in the total
    s2.pv('2026-05-02T23:58:00Z', '/a'),
    s2.click('2026-05-02T23:59:00Z', '/a', '#buy'),
    s2.click('2026-05-03T00:01:00Z', '/a', '#more'),
  ]);
  // Written in a later batch: new rows of a session and of a new session
  await insert(store, [
    s1.click('2026-05-03T09:00:00Z', '/a', '#more'),
    s3.pv('2026-05-03T10:00:00Z', '/b'),
    s3.click('2026-05-03T10:01:00Z', '/b', '#buy'),
  ]);
}

const figures = async (filters?: Filter[]) => {
  const r = await store.interactions(scope(filters), 'click', { limit: 10 });
  return { trend: r.trend, total: r.total, rows: r.rows };
};
const us: Filter[] = [{ op: 'is', dimension: 'country', values: ['US'] }];

describe('session numbers', () => {
  it('are given to sessions when written and copied onto their clicks by the pass', async () => {
    await writeClicks();
    const sessions = await internals().db.all<{ session_no: number | null }>(
      'SELECT session_no FROM sessions ORDER BY first_ts',
    );
    expect(new Set(sessions.map((r) => r.session_no)).size).toBe(3);
    expect(sessions.every((r) => r.session_no !== null)).toBe(true);
    expect(
      await internals().db.all('SELECT count(*)::INTEGER AS n FROM compact_interactions WHERE session_no IS NULL'),
    ).toEqual([{ n: 6 }]);
    const written = { all: await figures(), us: await figures(us) };
    expect(written.all.trend).toEqual([
      { bucket: '2026-05-02 00:00:00', count: 3, unique: 2 },
      { bucket: '2026-05-03 00:00:00', count: 3, unique: 3 },
    ]);
    expect(written.all.total).toEqual({ count: 6, unique: 3 });
    expect(written.us.total).toEqual({ count: 4, unique: 2 });
    await internals().settle();
    expect(
      await internals().db.all('SELECT count(*)::INTEGER AS n FROM compact_interactions WHERE session_no IS NULL'),
    ).toEqual([{ n: 0 }]);
    expect({ all: await figures(), us: await figures(us) }).toEqual(written);
  });

  it('a store whose sessions have no numbers yet counts session keys until its pass numbers them', async () => {
    await writeClicks();
    const written = { all: await figures(), us: await figures(us) };
    await internals().db.transaction((conn) =>
      conn.run('UPDATE sessions SET session_no = NULL; UPDATE compact_interactions SET session_no = NULL'),
    );
    expect({ all: await figures(), us: await figures(us) }).toEqual(written);
    await internals().settle();
    expect(await internals().db.all('SELECT count(*)::INTEGER AS n FROM sessions WHERE session_no IS NULL')).toEqual([
      { n: 0 },
    ]);
    expect({ all: await figures(), us: await figures(us) }).toEqual(written);
  });
});
