import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from '../cli-error.js';
import { exportKinds, kindFormats, optionalKinds, type ExportKind, type ExportRecords } from './export-format.js';
import { metadataCounts, type MovedCounts, type StoreContents } from './store-contents.js';

/** A path inside a SQL string literal (COPY … TO takes no parameter): quotes doubled. */
const literal = (path: string) => `'${path.replaceAll("'", "''")}'`;

// Names quoted: the audit log's `at` is a keyword to DuckDB.
const columnsSql = (kind: ExportKind) =>
  Object.entries(kindFormats[kind].columns)
    .map(([name, type]) => `"${name}" ${type}`)
    .join(', ');
const readJsonColumns = (kind: ExportKind) =>
  `{${Object.entries(kindFormats[kind].columns)
    .map(([name, type]) => `'${name}': '${type}'`)
    .join(', ')}}`;

/** The directory exists and is empty (made if missing): an export never mixes with other files. */
async function emptyDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const present = await readdir(dir);
  if (present.length > 0)
    throw new CliError(`${dir} is not empty; a Parquet export writes into a new or empty directory`);
}

/**
 * The export as Parquet, one file a kind (export-format.ts names them), written by DuckDB whatever the
 * source store. Each batch is appended to a table of a staging database in the directory (DuckDB
 * keeps it on disk, compressed, so memory stays bounded at any size), through a small NDJSON file
 * DuckDB reads itself (its JSON reader beats appending values from JS); then one COPY a kind writes
 * the file. The staging files (the database, its WAL and spill directory) are removed at the end, and
 * everything on failure.
 */
export async function writeParquet(contents: StoreContents, dir: string): Promise<MovedCounts> {
  await emptyDirectory(dir);
  const staging = join(dir, '.staging.duckdb');
  const batchFile = join(dir, '.batch.ndjson');
  const instance = await DuckDBInstance.create(staging, { memory_limit: '512MB' });
  let conn: DuckDBConnection | null = null;
  let done = false;
  try {
    conn = await instance.connect();
    for (const kind of exportKinds) await conn.run(`CREATE TABLE ${kind} (${columnsSql(kind)})`);
    const append = async <K extends ExportKind>(kind: K, records: readonly ExportRecords[K][]) => {
      if (records.length === 0) return;
      const format = kindFormats[kind];
      await writeFile(batchFile, records.map((r) => `${JSON.stringify(format.toLine(r))}\n`).join(''));
      await conn!.run(
        `INSERT INTO ${kind} SELECT * FROM read_json($file, format = 'newline_delimited', columns = ${readJsonColumns(kind)})`,
        { file: batchFile },
      );
    };
    const m = contents.metadata;
    await append('property', m.properties);
    await append('api_key', m.apiKeys);
    await append('saved_funnel', m.savedFunnels);
    await append('experiment', m.experiments);
    await append('goal', m.goals);
    await append('account', m.accounts);
    await append('share_link', m.shareLinks);
    await append('audit', m.audit);
    let snapshots = 0;
    for await (const batch of contents.snapshots()) {
      await append('snapshot', batch);
      snapshots += batch.length;
    }
    let events = 0;
    for await (const batch of contents.events()) {
      await append('event', batch);
      events += batch.length;
    }
    // An optional kind gets its file only when there are records of it (export-format.ts).
    const counts: Partial<Record<ExportKind, number>> = {
      goal: m.goals.length,
      account: m.accounts.length,
      share_link: m.shareLinks.length,
      audit: m.audit.length,
    };
    const empty = new Set<ExportKind>(optionalKinds.filter((k) => counts[k] === 0));
    for (const kind of exportKinds.filter((k) => !empty.has(k))) {
      await conn.run(
        `COPY ${kind} TO ${literal(join(dir, kindFormats[kind].file))} (FORMAT parquet, COMPRESSION zstd)`,
      );
    }
    done = true;
    return { ...metadataCounts(m), snapshots, events };
  } finally {
    conn?.closeSync();
    instance.closeSync();
    // The directory was empty: on failure everything in it is ours, otherwise only the staging files.
    const leftovers = (await readdir(dir)).filter(
      (f) => !done || f.startsWith('.staging.duckdb') || f === '.batch.ndjson',
    );
    await Promise.all(leftovers.map((f) => rm(join(dir, f), { recursive: true, force: true })));
  }
}
