import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROP_A, insert, session } from '../../test-support/fixtures.js';
import type { Filter } from '../../../contract/filters.js';
import type { Scope } from '../store.js';
import { duckdbInternals, openDuckdbStore } from './duckdb-store.js';

// Each page's distinct visitors under session filters, counted from the views' links where the
// visitor's views of the page share one first touch (one-touch-keys.ts) and distinctly where they do
// not: the same answer before the background pass, after it, and after a late first page view gives
// a session another first touch.

let store: Awaited<ReturnType<typeof openDuckdbStore>>;
beforeEach(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 });
});
afterEach(() => store.close());

const may4to5 = (filters: Filter[]): Scope => ({
  propertyIds: [PROP_A],
  start: new Date('2026-05-04T00:00:00Z'),
  end: new Date('2026-05-06T00:00:00Z'),
  filters,
});
const us: Filter[] = [{ op: 'is', dimension: 'country', values: ['US'] }];
const google: Filter[] = [{ op: 'is', dimension: 'referrer', values: ['google.com'] }];
const usOnPricing: Filter[] = [...us, { op: 'is', dimension: 'page', values: ['/pricing'] }];

const visitors = async (s: Scope) =>
  Object.fromEntries((await store.pages(s, 10)).map((r) => [r.path, [r.page_views, r.unique_visitors]]));
/** The answer before the pass, then after it: they must agree; the settled one is returned. */
async function settledAgreeing(s: Scope) {
  const before = await visitors(s);
  await store[duckdbInternals].settle();
  const after = await visitors(s);
  expect(after).toEqual(before);
  return after;
}

// v1: a US session from google.com on 3 May (/), then a direct US session on 4 and 5 May (/, /pricing, /):
//   two first touches for / (mixed), one for /pricing.
// v2: a US session from google.com on 4 May (/ twice): one first touch.
// v3: a German session from google.com on 5 May (/pricing).
const a1 = session('a1', 'v1', { country: 'US', referrer: 'https://google.com/' });
const a2 = session('a2', 'v1', { country: 'US' });
const b1 = session('b1', 'v2', { country: 'US', referrer: 'https://google.com/' });
const c1 = session('c1', 'v3', { country: 'DE', referrer: 'https://google.com/' });
const views = [
  a1.pv('2026-05-03T10:00:00Z', '/'),
  a2.pv('2026-05-04T09:00:00Z', '/'),
  a2.pv('2026-05-04T09:05:00Z', '/pricing'),
  a2.pv('2026-05-05T08:00:00Z', '/'),
  b1.pv('2026-05-04T12:00:00Z', '/'),
  b1.pv('2026-05-04T12:30:00Z', '/'),
  c1.pv('2026-05-05T10:00:00Z', '/pricing'),
];

describe('page visitors under session filters', () => {
  it('count a visitor once per page, whether their views share one first touch or not', async () => {
    await insert(store, views);
    // by hand: / has v1 (3 views, two of them in range) and v2 (2); /pricing v1 and v3
    expect(await settledAgreeing(may4to5(us))).toEqual({ '/': [4, 2], '/pricing': [1, 1] });
    expect(await settledAgreeing(may4to5(google))).toEqual({ '/': [2, 1], '/pricing': [1, 1] });
    expect(await settledAgreeing(may4to5(usOnPricing))).toEqual({ '/pricing': [1, 1] });
    // the one-page report counts the same way
    expect((await store.pageDetails(may4to5(us), '/', 10)).totals).toMatchObject({ page_views: 4, unique_visitors: 2 });
  });

  it('count a visitor whose views of a page come to differ, and those of keys half set', async () => {
    await insert(store, views);
    await store[duckdbInternals].settle();
    // v2 comes back on 5 May from a German address: / now has two first touches for v2 too
    const b2 = session('b2', 'v2', { country: 'DE' });
    // and v4, new, views / in the US (not set yet either)
    const d1 = session('d1', 'v4', { country: 'US' });
    await insert(store, [b2.pv('2026-05-05T09:00:00Z', '/'), d1.pv('2026-05-05T11:00:00Z', '/')]);
    expect(await settledAgreeing(may4to5(us))).toEqual({ '/': [5, 3], '/pricing': [1, 1] });
    // v2's first view of / in the range is a US one: a German filter still counts v2 there
    expect(await settledAgreeing(may4to5([{ op: 'is', dimension: 'country', values: ['DE'] }]))).toEqual({
      '/': [1, 1],
      '/pricing': [1, 1],
    });
    expect(await settledAgreeing(may4to5([{ op: 'is', dimension: 'country', values: ['US', 'DE'] }]))).toEqual({
      '/': [6, 3],
      '/pricing': [2, 2],
    });
  });

  it('count a visitor again when a late first page view gives their session another first touch', async () => {
    await insert(store, views);
    await store[duckdbInternals].settle();
    // a2's first page view arrives late, from google.com: every view of v1 now came from google.com
    await insert(store, [a2.pv('2026-05-04T08:00:00Z', '/about', { referrer: 'https://google.com/' })]);
    expect(await settledAgreeing(may4to5(google))).toEqual({
      '/': [4, 2],
      '/about': [1, 1],
      '/pricing': [2, 2],
    });
    expect(await settledAgreeing(may4to5(us))).toEqual({ '/': [4, 2], '/about': [1, 1], '/pricing': [1, 1] });
  });

  it('count a visitor whose views of a page shared one first touch until a late view changed one', async () => {
    // v5 enters on /x directly on 4 and on 5 May: one first touch for /x
    const e1 = session('e1', 'v5');
    const e2 = session('e2', 'v5');
    await insert(store, [e1.pv('2026-05-04T10:00:00Z', '/x'), e2.pv('2026-05-05T10:00:00Z', '/x')]);
    await store[duckdbInternals].settle();
    // e1's first page view arrives late, from google.com: its view of /x now fails the filter, e2's passes
    await insert(store, [e1.pv('2026-05-04T09:59:00Z', '/y', { referrer: 'https://google.com/' })]);
    expect(await settledAgreeing(may4to5([{ op: 'is_not', dimension: 'referrer', values: ['google.com'] }]))).toEqual({
      '/x': [1, 1],
    });
  });
});
