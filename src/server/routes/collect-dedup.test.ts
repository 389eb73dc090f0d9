import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecentEventIds } from '../ingest/recent-event-ids.js';
import { collect, pageview } from '../test-support/collect-requests.js';
import { createTestEnv, PROP_B, type TestEnv } from '../test-support/fixtures.js';

// A browser that navigates away may never see collect's answer and resend the same events.

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

describe('resent events are kept once', () => {
  it('acknowledges a resend with 202 but stores the event once', async () => {
    const batch = {
      events: [pageview({ event_id: 'evt-aaaaaaaa' }), pageview({ event_id: 'evt-bbbbbbbb', path: '/two' })],
    };
    expect((await collect(env.app, batch)).status).toBe(202);
    const again = await collect(env.app, {
      events: [...batch.events, pageview({ event_id: 'evt-cccccccc', path: '/three' })],
    });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ accepted: 3 });
    expect(await env.store.countEvents()).toBe(3); // a, b, then only c
  });

  it('keeps a repeated id once within one request, and ids of different properties apart', async () => {
    await collect(env.app, {
      events: [pageview({ event_id: 'evt-dddddddd' }), pageview({ event_id: 'evt-dddddddd' })],
    });
    await collect(env.app, pageview({ event_id: 'evt-dddddddd', property_id: PROP_B }));
    expect(await env.store.countEvents()).toBe(2);
  });

  it('keeps every event without an id (imports and older trackers)', async () => {
    await collect(env.app, pageview());
    await collect(env.app, pageview());
    expect(await env.store.countEvents()).toBe(2);
  });
});

describe('a write that fails or is slow does not make a second copy', () => {
  it('a resend that arrives while the first write is under way waits for it and is not stored again', async () => {
    const slow = await createTestEnv({
      wrapStore: (s) => ({
        ...s,
        insertEvents: async (events) => (await new Promise((done) => setTimeout(done, 100)), s.insertEvents(events)),
      }),
    });
    try {
      const batch = { events: [pageview({ event_id: 'evt-slow0001' })] };
      const [first, resend] = await Promise.all([collect(slow.app, batch), collect(slow.app, batch)]);
      expect([first.status, resend.status]).toEqual([202, 202]);
      expect(await slow.store.countEvents()).toBe(1); // before: both landed in the same transaction
    } finally {
      await slow.close();
    }
  });

  it('a resend waiting on a write that failed is stored', async () => {
    let fail = true;
    const flaky = await createTestEnv({
      wrapStore: (s) => ({
        ...s,
        insertEvents: async (events) => {
          await new Promise((done) => setTimeout(done, 50));
          if (fail) throw ((fail = false), new Error('disk full'));
          return s.insertEvents(events);
        },
      }),
    });
    try {
      const batch = { events: [pageview({ event_id: 'evt-flaky001' })] };
      const first = collect(flaky.app, batch);
      await new Promise((done) => setTimeout(done, 20)); // the first write is under way
      const resend = await collect(flaky.app, batch);
      expect([(await first).status, resend.status]).toEqual([500, 202]);
      expect(await flaky.store.countEvents()).toBe(1);
    } finally {
      await flaky.close();
    }
  });

  it('when the events are committed but the snapshot beside them fails, the resend keeps the events once', async () => {
    let fail = true;
    const flaky = await createTestEnv({
      wrapStore: (s) => ({
        ...s,
        saveSnapshots: async (list) =>
          fail ? ((fail = false), Promise.reject(new Error('disk full'))) : s.saveSnapshots(list),
      }),
    });
    try {
      const snapshot = {
        type: 'snapshot',
        property_id: 'site-a',
        visitor_id: 'v1',
        session_id: 's1',
        path: '/',
        event_id: 'evt-snap0001',
        elements: [],
      };
      const batch = { events: [pageview({ event_id: 'evt-view0001' }), snapshot] };
      expect((await collect(flaky.app, batch)).status).toBe(500);
      expect(await flaky.store.countEvents()).toBe(1); // the page view was committed before the snapshot failed
      expect((await collect(flaky.app, batch)).status).toBe(202);
      expect(await flaky.store.countEvents()).toBe(1); // before: 2, the resend stored the page view again
    } finally {
      await flaky.close();
    }
  });
});

describe('RecentEventIds', () => {
  it('holds at most its cap, forgetting the oldest ids first', () => {
    const ids = new RecentEventIds(60_000, 4); // two generations of 2
    const t0 = Date.now();
    for (const id of ['a', 'b', 'c', 'd', 'e']) ids.add(id, t0);
    expect(ids.size).toBeLessThanOrEqual(4);
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => ids.has(id, t0))).toEqual([false, false, true, true, true]);
  });

  it('stays bounded under a flood of fresh ids', () => {
    const ids = new RecentEventIds(60_000, 1_000);
    const t0 = Date.now();
    for (let i = 0; i < 10_000; i++) ids.add(`p\u0000id-${i}`, t0);
    expect(ids.size).toBeLessThanOrEqual(1_000);
    expect(ids.has('p\u0000id-9999', t0)).toBe(true);
  });

  it('remembers ids for at least one window and forgets them after two', () => {
    const ids = new RecentEventIds(1_000);
    const t0 = Date.now();
    ids.add('x', t0);
    expect(ids.has('x', t0 + 999)).toBe(true);
    expect(ids.has('x', t0 + 1_500)).toBe(true); // rotated once: still in the previous generation
    expect(ids.has('x', t0 + 3_100)).toBe(false);
  });
});
