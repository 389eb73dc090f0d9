import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { openClickhouseStore } from '../../server/store/clickhouse/clickhouse-store.js';
import type { Store } from '../../server/store/store.js';
import { contentsOf } from '../store-export/store-contents.js';
import { writeNdjson } from '../store-export/write-ndjson.js';
import { writeParquet } from '../store-export/write-parquet.js';

/** A fresh ClickHouse store on the embedded engine (chDB): a database of its own, dropped on close. */
export function openChdbStore(): Promise<Store> {
  return openClickhouseStore({
    target: { kind: 'chdb', path: ':memory:', database: `x_${randomUUID().replaceAll('-', '')}` },
    dropOnClose: true,
  });
}

/** Writes `store`'s NDJSON export to `file`, as `sightline export` does. */
export async function writeNdjsonFile(store: Store, file: string): Promise<void> {
  const sink = createWriteStream(file);
  await writeNdjson(await contentsOf(store), sink);
  sink.end();
  await finished(sink);
}

/** A new temp folder (`sightline-<name>-…`) holding `store`'s export both ways: export.ndjson and parquet/. */
export async function writeExports(store: Store, name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `sightline-${name}-`));
  await writeNdjsonFile(store, join(dir, 'export.ndjson'));
  await writeParquet(await contentsOf(store), join(dir, 'parquet'));
  return dir;
}

/** Closes the stores a suite opened (skipping any it never got to) and removes its temp folder. */
export async function closeAndRemove(stores: (Store | undefined)[], dir: string | undefined): Promise<void> {
  for (const s of stores) await s?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
}
