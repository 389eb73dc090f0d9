import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventSchema, type EventInput, type StoredEvent } from '../../contract/events.js';
import { normalizeEvent } from '../ingest/normalize-event.js';
import { PROP_A, session } from '../test-support/fixtures.js';
import { openTestStore } from '../test-support/test-store.js';
import type { Scope, Store } from './store.js';

// importEvents on either store (SIGHTLINE_TEST_STORE): every batch or none, sessions and reports included.

const stored = (events: EventInput[]): StoredEvent[] =>
  events.map((e) => normalizeEvent(eventSchema.parse(e), new Date()));
const day: Scope = {
  propertyIds: [PROP_A],
  start: new Date('2026-03-02T00:00:00Z'),
  end: new Date('2026-03-03T00:00:00Z'),
};

const one = session('s1', 'v1');
const two = session('s2', 'v2');
const batchOne = stored([one.pv('2026-03-02T10:00:00Z', '/'), one.pv('2026-03-02T10:01:00Z', '/pricing')]);
const batchTwo = stored([two.pv('2026-03-02T11:00:00Z', '/blog'), two.click('2026-03-02T11:00:05Z', '/blog', 'a.cta')]);

async function* source(batches: StoredEvent[][], thenThrow?: Error) {
  for (const b of batches) yield b;
  if (thenThrow) throw thenThrow;
}

let store: Store;
beforeEach(async () => {
  store = await openTestStore();
});
afterEach(async () => {
  await store.close();
});

describe('importEvents', () => {
  it('writes every batch and returns the count; sessions and reports see them', async () => {
    expect(await store.importEvents(source([batchOne, [], batchTwo]))).toBe(4);
    expect(await store.countEvents()).toBe(4);
    expect(await store.trafficSummary(day)).toEqual({
      page_views: 3,
      unique_visitors: 2,
      sessions: 2,
      bounces: 1,
      duration_seconds_total: 65,
    });
    expect(await store.entryExitPages(day, 10)).toEqual({
      entry: [
        { path: '/', sessions: 1 },
        { path: '/blog', sessions: 1 },
      ],
      exit: [
        { path: '/blog', sessions: 1 },
        { path: '/pricing', sessions: 1 },
      ],
      sessions: 2,
    });
  });

  it('writes nothing when the source fails after two batches', async () => {
    const earlier = stored([session('s0', 'v0').pv('2026-03-02T09:00:00Z', '/')]);
    await store.insertEvents(earlier);
    const before = await store.trafficSummary(day);
    await expect(store.importEvents(source([batchOne, batchTwo], new Error('line 9: bad')))).rejects.toThrow(
      'line 9: bad',
    );
    expect(await store.countEvents()).toBe(1);
    expect(await store.trafficSummary(day)).toEqual(before);
    expect((await store.segments(day, 10)).totals).toEqual({ sessions: 1, page_views: 1 });
  });

  it('leaves the reports empty when a failed import was all there was', async () => {
    await expect(store.importEvents(source([batchOne, batchTwo], new Error('stop')))).rejects.toThrow('stop');
    expect(await store.countEvents()).toBe(0);
    expect(await store.trafficSummary(day)).toEqual({
      page_views: 0,
      unique_visitors: 0,
      sessions: 0,
      bounces: 0,
      duration_seconds_total: 0,
    });
    expect(await store.segments(day, 10)).toEqual({ rows: [], totals: { sessions: 0, page_views: 0 } });
  });

  it('takes an empty source as nothing to do', async () => {
    expect(await store.importEvents(source([]))).toBe(0);
    expect(await store.countEvents()).toBe(0);
  });

  it('counts the same events imported twice twice, as new data', async () => {
    await store.importEvents(source([batchOne]));
    await store.importEvents(source([batchOne]));
    expect(await store.countEvents()).toBe(4);
    expect((await store.trafficSummary(day)).page_views).toBe(4);
  });
});
