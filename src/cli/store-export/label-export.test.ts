import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../contract/events.js';
import { storedEvent } from '../../server/test-support/stored-event.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { BucketedScope, Store } from '../../server/store/store.js';
import { importCommand } from '../commands/import.js';
import { closeAndRemove, openChdbStore, writeNdjsonFile } from '../test-support/export-files.js';
import { contentsOf } from './store-contents.js';
import { writeParquet } from './write-parquet.js';

// Clicks' and forms' labels move with an export: DuckDB → NDJSON → ClickHouse (chDB) and ClickHouse →
// Parquet → DuckDB keep every label, and the reports name the elements alike.

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute));
const event = (session: string, minute: number, over: Partial<StoredEvent>): StoredEvent =>
  storedEvent({
    property_id: 'shop',
    ts: at(minute),
    session_id: session,
    browser: null,
    os: null,
    client_key: null,
    ...over,
  });
const events = [
  event('a', 0, {}),
  event('a', 1, { type: 'click', target: '#buy', label: 'Buy now', href: '/buy' }),
  event('a', 2, { type: 'click', target: 'a.icon' }),
  event('b', 0, {}),
  event('b', 1, { type: 'click', target: '#buy', label: 'Kaufen ✓' }),
  event('b', 2, { type: 'form_submit', target: 'form#trial', label: 'Start your trial', source: 'hero' }),
];
const scope: BucketedScope = {
  propertyIds: ['shop'],
  start: at(-60),
  end: at(60),
  granularity: 'day',
  offsets: [{ fromMs: null, offsetMinutes: 0 }],
};

let dir: string;
let source: Store;
let middle: Store;
const targets: Store[] = [];
const labels = async (store: Store) => {
  const out: StoredEvent[] = [];
  for await (const batch of store.exportEvents()) out.push(...batch);
  // By time, then by what they say: the stores give sessions different keys.
  return out
    .map((e) => [e.ts.toISOString(), e.type, e.target, e.label ?? null])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
};
const figures = async (store: Store) =>
  Promise.all([
    store.interactions(scope, 'click', { limit: 10 }),
    store.interactions(scope, 'click', { limit: 10, group: 'element' }),
    store.interactions(scope, 'form_submit', { limit: 10 }),
  ]).then((reports) => reports.map((r) => r.rows));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-label-export-'));
  source = await openDuckdbStore(':memory:');
  await source.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  await source.insertEvents(events);
  await writeNdjsonFile(source, join(dir, 'export.ndjson'));
  middle = await openChdbStore();
  await importCommand(middle, join(dir, 'export.ndjson'));
  await writeParquet(await contentsOf(middle), join(dir, 'parquet'));
});
afterAll(() => closeAndRemove([source, middle, ...targets], dir));

describe('an export of labelled clicks and forms', () => {
  it('writes a label only on the events that have one', async () => {
    const lines = (await readFile(join(dir, 'export.ndjson'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.kind === 'event');
    expect(lines.map((l) => l.label ?? null).sort()).toEqual([
      'Buy now',
      'Kaufen ✓',
      'Start your trial',
      null,
      null,
      null,
    ]);
  });

  it('keeps every label through NDJSON into ClickHouse and Parquet into DuckDB, with the same report rows', async () => {
    const expected = await labels(source);
    expect(expected.filter((l) => l[3] !== null)).toHaveLength(3);
    expect(await labels(middle)).toEqual(expected);
    const last = await openDuckdbStore(':memory:');
    targets.push(last);
    await importCommand(last, join(dir, 'parquet'));
    expect(await labels(last)).toEqual(expected);
    const rows = await figures(source);
    expect(rows[0].map((r) => [r.page, r.target, r.label, r.count, r.page_views])).toEqual([
      ['/', '#buy', 'Buy now', 2, 2],
      ['/', 'a.icon', null, 1, 2],
    ]);
    expect(await figures(middle)).toEqual(rows);
    expect(await figures(last)).toEqual(rows);
  });
});
