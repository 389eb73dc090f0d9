import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import type { Filter } from '../../../contract/filters.js';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import type { Store } from '../store.js';
import { duckdbInternals, openDuckdbStore, type DuckdbInternals } from './duckdb-store.js';

// The compact rows carry their session's first-touch numbers (touch-numbers.ts). A batch that brings
// an earlier first page view changes the session's first touch: rows numbered before must then be
// read by the new values at once, and the batch's own rows through the session until the pass.

const at = (minute: number) => `2026-06-02T10:${String(minute).padStart(2, '0')}:00Z`;
const event = (
  type: 'pageview' | 'click' | 'engagement',
  minute: number,
  path: string,
  extra: Partial<StoredEvent>,
): StoredEvent => ({
  ...normalizeEvent(
    {
      type,
      property_id: 'p',
      visitor_id: 'v1',
      session_id: 's1',
      path,
      ts: at(minute),
      ...(type === 'click' ? { target: '#buy' } : {}),
      ...(type === 'engagement' ? { scroll_depth: 0.5, engaged_ms: 1000 } : {}),
    },
    new Date(),
  ),
  ...extra,
});
const scope = (filters: Filter[]) => ({
  propertyIds: ['p'],
  start: new Date('2026-06-02T00:00:00Z'),
  end: new Date('2026-06-03T00:00:00Z'),
  filters,
});
const country = (c: string): Filter[] => [{ op: 'is', dimension: 'country', values: [c] }];
const source = (s: string): Filter[] => [{ op: 'is', dimension: 'utm_source', values: [s] }];
const UTC = [{ fromMs: null, offsetMinutes: 0 }];

let store: Store & { [duckdbInternals]: DuckdbInternals };
beforeAll(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 });
});
afterAll(() => store.close());

/** Page views, scroll readings and clicks of s1 that a filter keeps: [views, clicks, scroll depth]. */
async function kept(filters: Filter[]) {
  const [page] = await store.pages(scope(filters), 10);
  const clicks = await store.interactions({ ...scope(filters), granularity: 'day', offsets: UTC } as never, 'click', {
    limit: 10,
  } as never);
  return [page?.page_views ?? 0, clicks.total.count, page?.avg_scroll_depth ?? null];
}

/** Page details' segments of /a, unfiltered: the views by their session's first touch. */
async function segments() {
  const { rows } = await store.pageDetails(scope([]), '/a', 10);
  return rows.map((r) => `${r.dimension} ${r.values.join('/')}: ${r.page_views}`).sort();
}

const numbered = async () =>
  (
    await store[duckdbInternals].db.all<{ n: number }>(
      'SELECT count(*)::INTEGER AS n FROM compact_page_views WHERE client_no IS NOT NULL',
    )
  )[0].n;

describe('first-touch numbers on the compact rows', () => {
  it('follow the session when an earlier first page view arrives later', async () => {
    await store.insertEvents([
      event('pageview', 5, '/a', { country: 'US', utm_source: 'news' }),
      event('engagement', 6, '/a', { country: 'US' }),
      event('click', 7, '/a', { country: 'US' }),
    ]);
    await store[duckdbInternals].settle();
    expect(await numbered()).toBe(1);
    expect(await kept(country('US'))).toEqual([1, 1, 0.5]);
    expect(await kept(source('news'))).toEqual([1, 1, 0.5]);
    expect(await segments()).toEqual(['country US: 1', 'device : 1', 'utm news//: 1']);

    // The session's real first page view, from Canada by an ad, written after the others.
    await store.insertEvents([event('pageview', 0, '/a', { country: 'CA', utm_source: 'ads' })]);
    for (const state of ['before the pass', 'after it']) {
      expect(await kept(country('US')), state).toEqual([0, 0, null]);
      expect(await kept(source('news')), state).toEqual([0, 0, null]);
      expect(await kept(country('CA')), state).toEqual([2, 1, 0.5]);
      expect(await kept(source('ads')), state).toEqual([2, 1, 0.5]);
      expect(await segments(), state).toEqual(['country CA: 2', 'device : 2', 'utm ads//: 2']);
      // The view numbered before took the new first touch's numbers at once; the new one waits for the pass.
      if (state === 'before the pass') expect(await numbered()).toBe(1);
      await store[duckdbInternals].settle();
    }
    expect(await numbered()).toBe(2);

    // A later view changes nothing: the rows keep their numbers.
    await store.insertEvents([event('pageview', 9, '/a', { country: 'GB', utm_source: 'mail' })]);
    expect(await numbered()).toBe(2);
    expect(await kept(country('CA'))).toEqual([3, 1, 0.5]);
    expect(await kept(country('GB'))).toEqual([0, 0, null]);
    expect(await segments()).toEqual(['country CA: 3', 'device : 3', 'utm ads//: 3']);
  });
});
