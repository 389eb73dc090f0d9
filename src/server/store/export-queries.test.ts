import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../contract/events.js';
import { PROP_A, PROP_B } from '../test-support/fixtures.js';
import { storedEvent } from '../test-support/stored-event.js';
import { openTestStore } from '../test-support/test-store.js';
import type { SnapshotRecord, Store } from './store.js';

// exportEvents and exportSnapshots on either store (SIGHTLINE_TEST_STORE): every field as stored, the
// ids as `k` + the hex of their 64-bit keys, grouping exactly as the original ids did.

/** A stored event of PROP_A with the optional fields null, as the export gives them back. */
const event = (over: Partial<StoredEvent> & Pick<StoredEvent, 'ts' | 'session_id'>): StoredEvent =>
  storedEvent({ property_id: PROP_A, client_key: null, browser: null, os: null, ...over });
const at = (time: string) => new Date(`2026-03-02T${time}Z`);

const events: StoredEvent[] = [
  event({
    type: 'pageview',
    ts: at('10:00:00.123'),
    visitor_id: 'v1',
    session_id: 's1',
    path: '/',
    referrer: 'https://www.google.com/search?q=x',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'spring',
    country: 'DE',
    device: 'desktop',
    browser: 'Firefox',
    os: 'Linux',
  }),
  event({
    type: 'engagement',
    ts: at('10:01:00'),
    visitor_id: 'v1',
    session_id: 's1',
    path: '/',
    scroll_depth: 0.37,
    engaged_ms: 41_999,
  }),
  event({
    type: 'click',
    ts: at('10:02:00'),
    visitor_id: 'v1',
    session_id: 's1',
    path: '/',
    target: 'a.buy',
    href: '/checkout',
  }),
  event({
    type: 'form_submit',
    ts: at('10:03:00'),
    visitor_id: 'v1',
    session_id: 's1',
    path: '/',
    target: 'form#f',
    source: 'hero',
  }),
  event({
    type: 'exposure',
    ts: at('11:00:00'),
    visitor_id: 'v2',
    session_id: 's2',
    path: '/p',
    experiment_id: 'x1',
    variant: 1,
    client_key: 'c1',
  }),
  event({
    type: 'revenue',
    ts: at('11:05:00'),
    visitor_id: 'v2',
    session_id: 's2',
    path: '/p',
    amount: 19.99,
    currency: 'EUR',
    client_key: 'c1',
  }),
  event({
    type: 'pageview',
    ts: at('12:00:00'),
    visitor_id: 'bot',
    session_id: 's3',
    path: '/',
    is_bot: true,
    device: 'mobile',
  }),
  // The same visitor in another property, and two identical events (both must come out).
  event({
    property_id: PROP_B,
    type: 'pageview',
    ts: at('13:00:00'),
    visitor_id: 'v1',
    session_id: 's4',
    path: '/docs',
  }),
  event({
    property_id: PROP_B,
    type: 'pageview',
    ts: at('13:00:00'),
    visitor_id: 'v1',
    session_id: 's4',
    path: '/docs',
  }),
];

async function exported(store: Store): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const batch of store.exportEvents()) all.push(...batch);
  return all;
}

/** Events in one order, whatever order a store exports them in. */
const sorted = (list: StoredEvent[]) =>
  [...list].sort(
    (a, b) =>
      a.ts.getTime() - b.ts.getTime() || a.property_id.localeCompare(b.property_id) || a.type.localeCompare(b.type),
  );

let store: Store;
beforeEach(async () => {
  store = await openTestStore();
});
afterEach(async () => {
  await store.close();
});

describe('exportEvents', () => {
  it('gives back every event as stored, with each id as k + 16 hex digits of its key', async () => {
    await store.importEvents(
      (async function* () {
        yield events;
      })(),
    );
    const out = sorted(await exported(store));
    expect(out).toHaveLength(events.length);
    for (const e of out) {
      expect(e.visitor_id).toMatch(/^k[0-9a-f]{16}$/);
      expect(e.session_id).toMatch(/^k[0-9a-f]{16}$/);
      if (e.client_key !== null) expect(e.client_key).toMatch(/^k[0-9a-f]{16}$/);
    }
    const withoutIds = (list: StoredEvent[]) =>
      list.map(({ visitor_id: _v, session_id: _s, client_key: _c, ...rest }) => rest);
    expect(withoutIds(out)).toEqual(withoutIds(sorted(events)));
    // Ids group as the originals did: equal ids equal, different ones different, NULL client keys NULL.
    const pairs = (list: StoredEvent[], f: 'visitor_id' | 'session_id' | 'client_key') =>
      list.map((a) => list.map((b) => a[f] === b[f]));
    const original = sorted(events);
    for (const f of ['visitor_id', 'session_id', 'client_key'] as const)
      expect(pairs(out, f)).toEqual(pairs(original, f));
    expect(out.map((e) => e.client_key === null)).toEqual(original.map((e) => e.client_key === null));
  });

  it('exports nothing from an empty store', async () => {
    expect(await exported(store)).toEqual([]);
  });
});

describe('exportSnapshots', () => {
  it('gives back every snapshot row as saved', async () => {
    const rows: SnapshotRecord[] = [
      {
        property_id: PROP_A,
        path: '/',
        ts: at('09:00:00.250'),
        elements: [{ selector: 'h1', tag: 'h1', kind: 'heading', text: 'Hello', styles: { color: 'red' } }],
      },
      {
        property_id: PROP_A,
        path: '/',
        ts: at('09:00:00.250'),
        elements: [{ selector: 'h1', tag: 'h1', kind: 'heading', text: 'Hello', styles: { color: 'red' } }],
      },
      {
        property_id: PROP_B,
        path: '/docs',
        ts: at('09:30:00'),
        elements: [{ selector: 'a.next', tag: 'a', kind: 'link', text: 'Next', href: '/docs/2', styles: {} }],
      },
    ];
    await store.saveSnapshots(rows);
    const out: SnapshotRecord[] = [];
    for await (const batch of store.exportSnapshots()) out.push(...batch);
    const key = (s: SnapshotRecord) => `${s.property_id} ${s.path} ${s.ts.toISOString()}`;
    expect([...out].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(rows);
  });
});
