import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import type { Store } from '../store.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { storedEvent } from '../../test-support/stored-event.js';

// Custom events' and payments' name and properties are stored by both of chDB's insert paths (a
// small batch inline, a large one through an NDJSON file) and survive export → import into another
// database, text that needs escaping included.

const open = () =>
  openClickhouseStore({
    target: { kind: 'chdb', path: ':memory:', database: `c_${randomUUID().replaceAll('-', '')}` },
    dropOnClose: true,
  });
let source: Store;
let copy: Store;

const event = (i: number, over: Partial<StoredEvent> = {}): StoredEvent =>
  storedEvent({
    property_id: 'p',
    ts: new Date(Date.UTC(2026, 2, 1, 10, 0, 0, i)),
    visitor_id: `v${i % 50}`,
    session_id: `s${i % 80}`,
    browser: null,
    os: null,
    client_key: null,
    name: null,
    props: null,
    ...over,
  });

/** Every third event a custom one, every fifth (not third) a payment; the others page views without either. */
const named = (i: number): Partial<StoredEvent> =>
  i % 3 === 0
    ? {
        type: 'custom',
        name: i % 2 ? 'Signup' : 'Café "quoted" \\ name',
        props: i % 6 ? { plan: `p${i}`, 'key with spaces': 'ünï\ncode' } : null,
      }
    : i % 5 === 0
      ? { type: 'revenue', name: i % 2 ? 'Order' : null, props: { order: `A-${i}` }, amount: i / 4, currency: 'EUR' }
      : {};
// 1,200 in one batch (the file path) and 30 in another (inline).
const bulk = Array.from({ length: 1_200 }, (_, i) => event(i, named(i)));
const small = Array.from({ length: 30 }, (_, i) => event(2_000 + i, named(i)));

const exported = async (store: Store) => {
  const out: StoredEvent[] = [];
  for await (const batch of store.exportEvents()) out.push(...batch);
  return out.sort((a, b) => a.ts.getTime() - b.ts.getTime());
};
const fields = (events: StoredEvent[]) =>
  events.map((e) => [e.ts.toISOString(), e.type, e.name ?? null, e.props ?? null]);

beforeAll(async () => {
  source = await open();
  await source.insertEvents(bulk);
  await source.insertEvents(small);
  copy = await open();
  await copy.importEvents(
    (async function* () {
      const all = await exported(source);
      // The bulk path again (a batch of 1,100) and the inline one (the rest).
      yield all.slice(0, 1_100);
      yield all.slice(1_100);
    })(),
  );
});
afterAll(async () => {
  await source?.close();
  await copy?.close();
});

it('stores name and props from both insert paths, and reads none as null', async () => {
  expect(fields(await exported(source))).toEqual(fields([...bulk, ...small]));
});

it('gives them back from an import of the export', async () => {
  expect(fields(await exported(copy))).toEqual(fields([...bulk, ...small]));
  expect(await copy.countEvents()).toBe(bulk.length + small.length);
});
