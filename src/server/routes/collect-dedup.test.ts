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
    const batch = { events: [pageview({ event_id: 'evt-aaaaaaaa' }), pageview({ event_id: 'evt-bbbbbbbb', path: '/two' })] };
    expect((await collect(env.app, batch)).status).toBe(202);
    const again = await collect(env.app, { events: [...batch.events, pageview({ event_id: 'evt-cccccccc', path: '/three' })] });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ accepted: 3 });
    expect(await env.store.countEvents()).toBe(3); // a, b, then only c
  });

  it('keeps a repeated id once within one request, and ids of different properties apart', async () => {
    await collect(env.app, { events: [pageview({ event_id: 'evt-dddddddd' }), pageview({ event_id: 'evt-dddddddd' })] });
    await collect(env.app, pageview({ event_id: 'evt-dddddddd', property_id: PROP_B }));
    expect(await env.store.countEvents()).toBe(2);
  });

  it('keeps every event without an id (imports and older trackers)', async () => {
    await collect(env.app, pageview());
    await collect(env.app, pageview());
    expect(await env.store.countEvents()).toBe(2);
  });
});

describe('RecentEventIds', () => {
  it('remembers ids for at least one window and forgets them after two', () => {
    const ids = new RecentEventIds(1_000);
    const t0 = Date.now();
    ids.add('x', t0);
    expect(ids.has('x', t0 + 999)).toBe(true);
    expect(ids.has('x', t0 + 1_500)).toBe(true); // rotated once: still in the previous generation
    expect(ids.has('x', t0 + 3_100)).toBe(false);
  });
});
