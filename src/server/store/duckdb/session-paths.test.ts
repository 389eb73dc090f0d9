import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROP_A, insert, session } from '../../test-support/fixtures.js';
import type { FunnelQuery, Store } from '../store.js';
import { duckdbInternals, openDuckdbStore, type DuckdbInternals } from './duckdb-store.js';

// The funnels read a session's path from its number once the background pass has set it, and from
// its page views otherwise. These drive each state by hand and check that the answers never change.

let store: Store & { [duckdbInternals]: DuckdbInternals };
beforeEach(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 }); // passes only when settled by hand
});
afterEach(() => store.close());

const internals = () => store[duckdbInternals];
const numbers = async () =>
  (
    await internals().db.all<{ id: number; pattern_no: number | null }>(
      'SELECT session_key AS id, pattern_no FROM sessions ORDER BY first_ts',
    )
  ).map((r) => r.pattern_no);
const patterns = () =>
  internals().db.all<{ views: number[]; instants: number[] }>(
    'SELECT views, instants FROM path_patterns ORDER BY pattern_no',
  );
/** Back to the state before any pass (the one at open may have numbered what was written by then). */
const unnumber = async () => {
  await internals().settle();
  await internals().db.transaction((conn) =>
    conn.run('UPDATE sessions SET pattern_no = NULL, arrival_no = NULL, client_no = NULL'),
  );
};
const paths = (text: string[]) =>
  internals().db.all<{ text: string; text_no: number }>(
    'SELECT text, text_no FROM text_numbers WHERE list_contains($t, text)',
    { t: text },
  );

const range = (from: string, to: string) => ({ propertyIds: [PROP_A], start: new Date(from), end: new Date(to) });
const may2 = range('2026-05-02T00:00:00Z', '2026-05-03T00:00:00Z');
const q = (scope: ReturnType<typeof range>, steps: string[], mode: FunnelQuery['mode']): FunnelQuery => ({
  scope,
  steps,
  mode,
});

/** Every funnel answer over `scope` for steps /a /b. */
const answers = async (scope = may2) => ({
  unbounded: await store.funnel(q(scope, ['/a', '/b'], 'unbounded'), 10),
  sequential: await store.funnel(q(scope, ['/a', '/b'], 'sequential'), 10),
  byDevice: await store.funnel({ ...q(scope, ['/a', '/b'], 'sequential'), breakdownBy: 'device' }, 10),
  sankey: await store.funnelPaths(q(scope, ['/a', '/b'], 'unbounded'), 4),
  after: await store.pathsAfter(scope, '/a', 2),
});

describe('session paths', () => {
  it('are numbered by the pass: views in (instant, page) order, identical views once, instants ranked', async () => {
    const s1 = session('s1', 'v1');
    const s2 = session('s2', 'v2', { device: 'mobile' });
    await insert(store, [
      s1.pv('2026-05-02T10:00:00Z', '/b'),
      s1.pv('2026-05-02T10:00:00Z', '/a'),
      s1.pv('2026-05-02T10:00:00Z', '/a'),
      s1.pv('2026-05-02T10:05:00Z', '/c'),
      s2.pv('2026-05-02T11:00:00Z', '/a'),
      s2.pv('2026-05-02T11:01:00Z', '/b'),
    ]);
    await unnumber();
    expect(await numbers()).toEqual([null, null]);
    const before = await answers();
    await internals().settle();
    const nos = new Map((await paths(['/a', '/b', '/c'])).map((r) => [r.text, r.text_no]));
    const [a, b, c] = ['/a', '/b', '/c'].map((p) => nos.get(p)!);
    expect(await patterns()).toEqual(
      expect.arrayContaining([
        { views: [Math.min(a, b), Math.max(a, b), c], instants: [1, 1, 2] }, // s1: /a and /b at one instant, the retry once
        { views: [a, b], instants: [1, 2] },
      ]),
    );
    expect((await numbers()).every((n) => n !== null && n > 0)).toBe(true);
    expect(await answers()).toEqual(before);
    // s1 took /b then /a at one instant in step order; s2 in order
    expect(before.sequential).toEqual([{ value: null, reached: [2, 2] }]);
  });

  it('a session written to again is read from its views until numbered anew', async () => {
    const s1 = session('s1', 'v1');
    await insert(store, [s1.pv('2026-05-02T10:00:00Z', '/a'), session('s2', 'v2').pv('2026-05-02T10:00:00Z', '/a')]);
    await internals().settle();
    await insert(store, [s1.pv('2026-05-02T10:03:00Z', '/b')]);
    expect(await numbers()).toEqual([null, expect.any(Number)]);
    const written = await answers();
    expect(written.sequential).toEqual([{ value: null, reached: [2, 1] }]);
    await internals().settle();
    expect((await numbers()).every((n) => n !== null)).toBe(true);
    expect(await answers()).toEqual(written);
  });

  it('a numbered session crossing the range is read from its views inside it', async () => {
    const early = session('early', 've');
    const late = session('late', 'vl');
    await insert(store, [
      early.pv('2026-05-01T23:58:00Z', '/b'),
      early.pv('2026-05-02T00:01:00Z', '/a'),
      early.pv('2026-05-02T00:02:00Z', '/b'),
      late.pv('2026-05-02T23:59:00Z', '/a'),
      late.pv('2026-05-03T00:01:00Z', '/b'),
      session('inside', 'vi').pv('2026-05-02T12:00:00Z', '/a'),
      ...[
        ['2026-05-01T23:59:00Z', '/x'],
        ['2026-05-02T12:00:00Z', '/a'],
        ['2026-05-03T00:01:00Z', '/b'],
      ].map(([t, p]) => session('both', 'vb').pv(t, p)),
    ]);
    await internals().settle();
    expect((await numbers()).every((n) => n !== null)).toBe(true);
    const settled = await answers();
    // early: /a then /b inside (its /b before midnight is not); late: only /a inside; inside: /a;
    // both (crossing start and end): only its /a, its /b after midnight is not
    expect(settled.sequential).toEqual([{ value: null, reached: [4, 1] }]);
    expect(settled.after).toEqual([
      { pages: ['/a'], sessions: 3 },
      { pages: ['/a', '/b'], sessions: 1 },
    ]);
    // and over three days, every session whole
    expect((await answers(range('2026-05-01T00:00:00Z', '2026-05-04T00:00:00Z'))).sequential).toEqual([
      { value: null, reached: [4, 3] },
    ]);
  });

  it('bots and sessions without page views take pattern 0 and count nowhere', async () => {
    await insert(store, [
      session('bot', 'vb', {
        user_agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }).pv('2026-05-02T10:00:00Z', '/a'),
      session('human', 'vh').pv('2026-05-02T10:00:00Z', '/a'),
    ]);
    await unnumber();
    const before = await answers();
    await internals().settle();
    expect(await numbers()).toEqual(expect.arrayContaining([0]));
    expect(await answers()).toEqual(before);
    expect(before.unbounded).toEqual([{ value: null, reached: [1, 0] }]);
  });
});
