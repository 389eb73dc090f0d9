import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROP_A, PROP_B, insert, session } from '../../test-support/fixtures.js';
import type { Scope } from '../store.js';
import { duckdbInternals, openDuckdbStore } from './duckdb-store.js';

// Each page's distinct visitors from its views' previous views of the same visitor and page
// (previous-rows.ts): the same before the background pass links the views and after, for visitors
// seen before the range, views arriving late or at the same instant, one visitor on two properties,
// and the one-page report.

let store: Awaited<ReturnType<typeof openDuckdbStore>>;
beforeEach(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 });
});
afterEach(() => store.close());

const range = (start: string, end: string, propertyIds = [PROP_A]): Scope => ({
  propertyIds,
  start: new Date(start),
  end: new Date(end),
});
const visitors = async (s: Scope) =>
  Object.fromEntries((await store.pages(s, 10)).map((r) => [r.path, [r.page_views, r.unique_visitors]]));
/** The pages before the views are linked, then after: they must agree; the linked answer is returned. */
async function settledAgreeing(s: Scope) {
  const before = await store.pages(s, 10);
  await store[duckdbInternals].settle();
  const after = await store.pages(s, 10);
  expect(after).toEqual(before);
  return visitors(s);
}

// v1 in two sessions: / on 3 May, / and /p on 4 May, / again on 5 May; v2 / on 4 May twice.
const a1 = session('a1', 'v1');
const a2 = session('a2', 'v1');
const b1 = session('b1', 'v2');
const views = [
  a1.pv('2026-05-03T10:00:00Z', '/'),
  a2.pv('2026-05-04T09:00:00Z', '/'),
  a2.pv('2026-05-04T09:05:00Z', '/p'),
  a2.pv('2026-05-05T08:00:00Z', '/'),
  b1.pv('2026-05-04T12:00:00Z', '/'),
  b1.pv('2026-05-04T12:30:00Z', '/'),
];
const may4to5 = range('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z');

describe('page visitors by their previous views', () => {
  it('count a visitor once per page, whether or not they viewed it before the range', async () => {
    await insert(store, views);
    expect(await settledAgreeing(may4to5)).toEqual({ '/': [4, 2], '/p': [1, 1] });
    expect(await visitors(range('2026-05-01T00:00:00Z', '2026-05-06T00:00:00Z'))).toEqual({
      '/': [5, 2],
      '/p': [1, 1],
    });
    // the one-page report counts the same way
    expect((await store.pageDetails(may4to5, '/', 10)).totals).toMatchObject({ page_views: 4, unique_visitors: 2 });
  });

  it('relink a visitor and page whose view arrives late or at the same instant', async () => {
    await insert(store, views);
    await store[duckdbInternals].settle();
    // v2 viewed / on 3 May too (a late batch), and v1 again at 09:00 on 4 May (the same instant)
    await insert(store, [b1.pv('2026-05-03T23:00:00Z', '/'), a2.pv('2026-05-04T09:00:00Z', '/')]);
    expect(await settledAgreeing(may4to5)).toEqual({ '/': [5, 2], '/p': [1, 1] });
    expect(await visitors(range('2026-05-03T00:00:00Z', '2026-05-04T00:00:00Z'))).toEqual({ '/': [2, 2] });
  });

  it('count linked and unlinked visitors of a page side by side', async () => {
    await insert(store, views);
    await store[duckdbInternals].settle();
    const c1 = session('c1', 'v3');
    await insert(store, [c1.pv('2026-05-05T10:00:00Z', '/'), b1.pv('2026-05-05T11:00:00Z', '/')]);
    expect(await settledAgreeing(may4to5)).toEqual({ '/': [6, 3], '/p': [1, 1] });
  });

  it('count a visitor of two properties on each one', async () => {
    const onB = session('z1', 'v1', { property_id: PROP_B });
    await insert(store, [...views, onB.pv('2026-05-04T08:00:00Z', '/')]);
    expect(await settledAgreeing(may4to5)).toEqual({ '/': [4, 2], '/p': [1, 1] });
    expect(await settledAgreeing(range('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z', [PROP_B]))).toEqual({
      '/': [1, 1],
    });
    // both properties at once: v1 is one visitor across them, as the store numbers visitors
    expect(await visitors(range('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z', [PROP_A, PROP_B]))).toEqual({
      '/': [5, 2],
      '/p': [1, 1],
    });
  });
});
