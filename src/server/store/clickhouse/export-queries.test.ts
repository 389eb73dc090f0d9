import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { storedEvent } from '../../test-support/stored-event.js';
import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { connectClickhouse } from './connect.js';
import { eventColumns, eventKey, keysetPages } from './export-queries.js';

// The events' keyset paging on chDB with tiny pages: every row exactly once, in key order, even where
// many rows share a key (identical events) across a page's edge.

const target = { kind: 'chdb' as const, path: ':memory:', database: `x_${randomUUID().replaceAll('-', '')}` };
let store: Store;
let db: ChDb;

const event = (i: number, over: Partial<StoredEvent> = {}): StoredEvent =>
  storedEvent({
    type: (['pageview', 'click', 'engagement'] as const)[i % 3],
    property_id: i % 4 === 0 ? 'b' : 'a',
    ts: new Date(Date.UTC(2026, 2, 1 + (i % 3), 10, 0, i % 7)),
    visitor_id: `v${i % 5}`,
    session_id: `s${i % 6}`,
    path: `/p${i}`,
    client_key: null,
    ...over,
  });

// 60 varied events, plus 9 identical ones: a tie that pages of 4 must not split.
const events = [
  ...Array.from({ length: 60 }, (_, i) => event(i)),
  ...Array.from({ length: 9 }, () => event(1, { path: '/same' })),
];

beforeAll(async () => {
  store = await openClickhouseStore({ target, dropOnClose: true });
  db = chDb(await connectClickhouse(target), target.database, null);
  await store.insertEvents(events);
});
afterAll(async () => {
  await db?.client.close();
  await store?.close();
});

type Row = { property_id: string; day: string; type: string; vkey: string; ms: number; path: string };
const keyOf = (r: Row) => [r.property_id, r.day, r.type, BigInt(r.vkey), r.ms] as const;
const before = (a: Row, b: Row) => {
  const [x, y] = [keyOf(a), keyOf(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
};

describe('keysetPages', () => {
  it.each([1, 4, 7, 69, 100])('reads every event once, in key order, in pages of %i', async (size) => {
    const pages: Row[][] = [];
    for await (const page of keysetPages<Row>(db, eventColumns, 'events', eventKey, size)) pages.push(page);
    const rows = pages.flat();
    expect(rows).toHaveLength(events.length);
    expect(rows.map((r) => r.path).sort()).toEqual(events.map((e) => e.path).sort());
    for (let i = 1; i < rows.length; i++) expect(before(rows[i], rows[i - 1]), `row ${i}`).toBe(false);
    // A page is short only at the end, or long only by rows tied with its last one.
    for (const page of pages.slice(0, -1)) expect(page.length).toBeGreaterThanOrEqual(size);
  });
});
