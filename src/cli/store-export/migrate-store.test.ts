import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../contract/events.js';
import { openClickhouseStore } from '../../server/store/clickhouse/clickhouse-store.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { PROP_A, PROP_B } from '../../server/test-support/fixtures.js';
import { loadMovingDataset } from '../test-support/moving-dataset.js';
import { migrateStore } from './migrate-store.js';

// `migrate --to clickhouse` in process: the embedded store copied into chDB, counts checked on both
// sides, and a copy that loses events fails naming what differs.

let duckdb: Store;
let clickhouse: Store;

beforeAll(async () => {
  duckdb = await openDuckdbStore(':memory:');
  await loadMovingDataset(duckdb, { seedEvents: 0 });
});
afterAll(async () => {
  await duckdb?.close();
});
beforeEach(async () => {
  clickhouse = await openClickhouseStore({
    target: { kind: 'chdb', path: ':memory:', database: `x_${randomUUID().replaceAll('-', '')}` },
    dropOnClose: true,
  });
});
afterEach(async () => {
  await clickhouse.close();
});

const from = () => ({ store: duckdb, name: 'DuckDB' });

describe('migrateStore', () => {
  it('copies everything, and the counts agree', async () => {
    const moved = await migrateStore(from(), { store: clickhouse, name: 'ClickHouse' });
    expect(moved).toEqual({
      properties: 3,
      api_keys: 2,
      saved_funnels: 2,
      experiments: 2,
      snapshots: 4,
      events: await duckdb.countEvents(),
    });
    for (const id of ['acme-shop', PROP_A, PROP_B])
      expect(await clickhouse.countEvents([id])).toBe(await duckdb.countEvents([id]));
    expect(await clickhouse.listProperties()).toEqual(await duckdb.listProperties());
    expect(await clickhouse.listApiKeys()).toEqual(await duckdb.listApiKeys());
  });

  it('refuses a target that already has the properties (a second run), writing nothing more', async () => {
    await migrateStore(from(), { store: clickhouse, name: 'ClickHouse' });
    const events = await clickhouse.countEvents();
    await expect(migrateStore(from(), { store: clickhouse, name: 'ClickHouse' })).rejects.toThrow(
      /already has property "acme-shop"/,
    );
    expect(await clickhouse.countEvents()).toBe(events);
  });

  it('fails loudly, naming each figure, when the target ends up with other counts than the source', async () => {
    // A target that quietly loses one event of site-b and one saved funnel.
    const lossy: Store = Object.assign(Object.create(clickhouse) as Store, {
      importEvents(batches: AsyncIterable<StoredEvent[]>) {
        let dropped = false;
        async function* fewer() {
          for await (const batch of batches) {
            yield batch.filter((e) => dropped || e.property_id !== PROP_B || !(dropped = true));
          }
        }
        return clickhouse.importEvents(fewer());
      },
      saveFunnel: async () => undefined,
    });
    const siteB = await duckdb.countEvents([PROP_B]);
    const all = await duckdb.countEvents();
    const error = await migrateStore(from(), { store: lossy, name: 'ClickHouse' }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe(
      'the copy is incomplete, counts differ after migrating: ' +
        `saved funnels: 2 in DuckDB, 0 in ClickHouse; events: ${all} in DuckDB, ${all - 1} in ClickHouse; ` +
        'saved funnels of "acme-shop": 1 in DuckDB, 0 in ClickHouse; saved funnels of "site-a": 1 in DuckDB, 0 in ClickHouse; ' +
        `events of "site-b": ${siteB} in DuckDB, ${siteB - 1} in ClickHouse. Empty the ClickHouse store before trying again`,
    );
  });
});
