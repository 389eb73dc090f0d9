import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { storedEvent } from '../../test-support/stored-event.js';
import { Database } from './database.js';
import { schemaSql } from './schema.js';
import { importBatches, writeEvents } from './write-events.js';

// The write path stages strings as indexes and absent numbers as NaN; these check that every value,
// and every NULL, comes back as it went in, and that sessions merge as if computed in one pass.

let db: Database;
beforeEach(async () => {
  db = await Database.open(':memory:', 1);
  await db.writer.run(schemaSql);
});
afterEach(() => db.close());

const bare = (over: Partial<StoredEvent>): StoredEvent =>
  storedEvent({
    property_id: 'p',
    ts: new Date('2026-03-02T10:00:00.123Z'),
    visitor_id: 'v1',
    session_id: 's1',
    ...over,
  });

describe('writeEvents', () => {
  it('stores every field, NULLs and empty strings included', async () => {
    const full = bare({
      type: 'revenue',
      path: '/checkout',
      referrer: 'https://www.example.com/x',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      country: 'DE',
      device: 'mobile',
      is_bot: true,
      scroll_depth: 0.25,
      engaged_ms: 4200,
      target: '',
      href: '/thanks',
      source: 'form',
      experiment_id: 'exp',
      variant: 2,
      amount: 19.5,
      currency: 'EUR',
      client_key: 'k1',
      browser: 'Safari',
      os: 'iOS',
      name: 'Upgrade',
      props: { plan: 'pro', seats: '3' },
      label: 'Pay now',
    });
    await db.transaction((conn) => writeEvents(conn, [full, bare({ ts: new Date('2026-03-02T10:00:01Z') })]));
    const rows = await db.all(
      `SELECT * EXCLUDE (visitor_key, session_key, client_key, props), visitor_key = hash('v1') AS v_ok, session_key = hash('s1') AS s_ok,
        client_key = hash('k1') AS c_ok, client_key IS NULL AS c_null, props FROM events ORDER BY ts`,
    );
    const { visitor_id: _v, session_id: _s, client_key: _c, props, ...expected } = full;
    // Props are kept as JSON text (schema.ts), keys in the order given.
    expect(rows[0]).toEqual({
      ...expected,
      v_ok: true,
      s_ok: true,
      c_ok: true,
      c_null: false,
      props: JSON.stringify(props),
    });
    expect(rows[1].c_null).toBe(true);
    const nulls = rows[1];
    for (const c of [
      'referrer',
      'utm_source',
      'country',
      'device',
      'browser',
      'os',
      'scroll_depth',
      'engaged_ms',
      'target',
      'variant',
      'amount',
      'currency',
      'name',
      'props',
      'label',
    ]) {
      expect(nulls[c], c).toBeNull();
    }
    expect(nulls).toMatchObject({ type: 'pageview', path: '/', is_bot: false, ts: new Date('2026-03-02T10:00:01Z') });
  });

  it('merges a session written in two batches, the earlier page view arriving last', async () => {
    // Browser and OS are first-touch like the device: the later view's Chrome on Windows gives way.
    await db.transaction((conn) =>
      writeEvents(conn, [bare({ ts: new Date('2026-03-02T10:05:00Z'), path: '/b', browser: 'Chrome', os: 'Windows' })]),
    );
    await db.transaction((conn) =>
      writeEvents(conn, [
        bare({
          ts: new Date('2026-03-02T10:00:00Z'),
          path: '/a',
          referrer: 'https://www.google.com/search?q=x',
          utm_source: 'ads',
          device: 'desktop',
          browser: 'Firefox',
          os: 'Linux',
        }),
        bare({ type: 'engagement', ts: new Date('2026-03-02T10:09:00Z'), path: '/b', scroll_depth: 0.5 }),
      ]),
    );
    const [s] = await db.all('SELECT * EXCLUDE (property_id, session_key, visitor_key) FROM sessions');
    expect(s).toEqual({
      first_ts: new Date('2026-03-02T10:00:00Z'),
      last_ts: new Date('2026-03-02T10:09:00Z'),
      first_pv_ts: new Date('2026-03-02T10:00:00Z'),
      last_pv_ts: new Date('2026-03-02T10:05:00Z'),
      entry_path: '/a',
      exit_path: '/b',
      pageviews: 2,
      referrer: 'google.com',
      utm_source: 'ads',
      utm_medium: null,
      utm_campaign: null,
      country: null,
      device: 'desktop',
      is_bot: false,
      browser: 'Firefox',
      os: 'Linux',
      // A session written to has no path or first-touch numbers until the background pass (session-paths.ts).
      pattern_no: null,
      arrival_no: null,
      client_no: null,
      session_no: 1, // numbered when first written (session-numbers.ts), kept by the second batch
      visitor_no: 1, // its visitor's number (session-visitor-numbers.ts), from the first batch's page view
    });
  });
});

describe('importBatches', () => {
  it('writes every batch, or none when the source fails part-way', async () => {
    async function* good() {
      yield [bare({ session_id: 'a' })];
      yield [bare({ session_id: 'b' }), bare({ session_id: 'a', path: '/x' })];
    }
    expect(await db.transaction((conn) => importBatches(conn, good()))).toBe(3);
    async function* bad() {
      yield [bare({ session_id: 'c' })];
      yield [bare({ session_id: 'd' })];
      throw new Error('line 3: bad');
    }
    await expect(db.transaction((conn) => importBatches(conn, bad()))).rejects.toThrow('line 3: bad');
    expect(await db.all('SELECT count(*) AS n FROM events')).toEqual([{ n: 3 }]);
    expect(await db.all("SELECT pageviews FROM sessions ORDER BY session_key = hash('a') DESC")).toEqual([
      { pageviews: 2 },
      { pageviews: 1 },
    ]);
    expect(await db.all(`SELECT current_setting('threads') AS t`)).toEqual([{ t: 2 }]);
  });
});

describe('importBatches across writes', () => {
  it('merges sessions whose events fall in different writes as one write does', async () => {
    const views = ['/a', '/b', '/c', '/d', '/e'].map((path, i) =>
      bare({ ts: new Date(Date.UTC(2026, 2, 2, 10, 4 - i)), path, session_id: i % 2 ? 's1' : 's2' }),
    );
    async function* twoAtATime() {
      for (let i = 0; i < views.length; i += 2) yield views.slice(i, i + 2);
    }
    const sessions = () => db.all('SELECT * EXCLUDE (session_no) FROM sessions ORDER BY session_key');
    // A write every 3 events: the staged batches of two sources' arrays end mid-array.
    expect(await db.transaction((conn) => importBatches(conn, twoAtATime(), 3))).toBe(5);
    const written = await sessions();
    await db.writer.run('DELETE FROM sessions; DELETE FROM events');
    expect(await db.transaction((conn) => importBatches(conn, twoAtATime()))).toBe(5);
    expect(await sessions()).toEqual(written);
    expect(written.map((s) => [s.entry_path, s.exit_path, s.pageviews]).sort()).toEqual([
      ['/d', '/b', 2],
      ['/e', '/a', 3],
    ]);
  });
});
