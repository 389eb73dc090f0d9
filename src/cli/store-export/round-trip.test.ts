import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClickhouseStore } from '../../server/store/clickhouse/clickhouse-store.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { everyReport, expectSubstance, loadMovingDataset } from '../test-support/moving-dataset.js';
import { migrateStore } from './migrate-store.js';
import { ndjsonExport } from './read-ndjson-export.js';
import { contentsOf, loadContents } from './store-contents.js';
import { writeNdjson } from './write-ndjson.js';

// Issue 11: DuckDB → ClickHouse (chDB, by `migrate`) → DuckDB (by an NDJSON export and `import`), and
// every report and record is the same in all three. More than one export page of events (50,000), so
// both stores' paging is crossed.

let dir: string;
let duckdb: Store;
let clickhouse: Store;
let back: Store;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-round-trip-'));
  duckdb = await openDuckdbStore(':memory:');
  await loadMovingDataset(duckdb, { seedEvents: 60_000 });
  clickhouse = await openClickhouseStore({
    target: { kind: 'chdb', path: ':memory:', database: `x_${randomUUID().replaceAll('-', '')}` },
    dropOnClose: true,
  });
  await migrateStore({ store: duckdb, name: 'DuckDB' }, { store: clickhouse, name: 'ClickHouse' });
  const file = join(dir, 'from-clickhouse.ndjson');
  const sink = createWriteStream(file);
  await writeNdjson(await contentsOf(clickhouse), sink);
  sink.end();
  await finished(sink);
  back = await openDuckdbStore(':memory:');
  await loadContents(back, await ndjsonExport(file));
}, 600_000);

afterAll(async () => {
  for (const s of [duckdb, clickhouse, back]) await s?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('DuckDB → ClickHouse → DuckDB', () => {
  it('gives the same reports and records back in DuckDB', async () => {
    const before = await everyReport(duckdb);
    expectSubstance(before);
    expect(await everyReport(back)).toEqual(before);
  }, 300_000);

  it('gives the same reports and records in ClickHouse on the way', async () => {
    expect(await everyReport(clickhouse)).toEqual(await everyReport(duckdb));
  }, 300_000);
});
