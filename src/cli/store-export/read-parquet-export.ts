import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { streamedBatches } from '../../server/store/duckdb/streamed-batches.js';
import { CliError } from '../cli-error.js';
import {
  exportKinds,
  kindFormats,
  MAX_IMPORT_ROWS,
  optionalKinds,
  recordOf,
  type ExportKind,
  type ExportRecords,
} from './export-format.js';
import type { StoreContents } from './store-contents.js';

/** The kinds every export has a file of (optionalKinds only when it has records of them). */
const requiredKinds = exportKinds.filter((k) => !optionalKinds.includes(k));
const hasFile = (dir: string, kind: ExportKind) => existsSync(join(dir, kindFormats[kind].file));

/** Is `dir` a Parquet export: a directory holding one file of every required kind. */
export const isParquetExport = (dir: string) => requiredKinds.every((k) => hasFile(dir, k));

/** A row that cannot be read, named as NDJSON lines are (`line N: field: …`), with its file. */
const rowError = (kind: ExportKind, n: number, field: string, message: string) =>
  new CliError(`${kindFormats[kind].file} row ${n}: ${field}: ${message}; nothing was imported`);

/** A Parquet row as the NDJSON line of the same record: timestamps as ISO text, JSON columns parsed. */
function lineFields(kind: ExportKind, n: number, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(kindFormats[kind].columns)) {
    const v = row[name] ?? null;
    out[name] = v instanceof Date ? v.toISOString() : type === 'JSON' && v !== null ? parsedJson(kind, n, name, v) : v;
  }
  return out;
}

function parsedJson(kind: ExportKind, n: number, column: string, value: unknown): unknown {
  try {
    return JSON.parse(String(value));
  } catch {
    throw rowError(kind, n, column, 'not valid JSON');
  }
}

/**
 * A file DuckDB cannot read (not Parquet, a column of malformed JSON, a missing column) as the CLI's
 * one-line error naming it, never a stack; the CLI's own errors pass through.
 */
const unreadable =
  (kind: ExportKind) =>
  (error: unknown): never => {
    if (error instanceof CliError) throw error;
    const message = (error as Error).message.split('\n')[0];
    throw new CliError(`${kindFormats[kind].file}: cannot be read (${message}); nothing was imported`);
  };

/** Refuses a file with more rows than the kind allows, from its footer, before a row is read. */
async function checkRowCount(conn: DuckDBConnection, kind: ExportKind, file: string): Promise<void> {
  const cap = MAX_IMPORT_ROWS[kind];
  if (cap === undefined) return;
  const reader = await conn.runAndReadAll(`SELECT num_rows FROM parquet_file_metadata($file)`, { file });
  const rows = Number(reader.getRowObjects()[0]?.num_rows ?? 0);
  if (rows > cap)
    throw new CliError(
      `${kindFormats[kind].file}: ${rows} rows; an export has at most ${cap} of this kind; nothing was imported`,
    );
}

/**
 * The records of one kind's file, checked as NDJSON lines are, in batches from one streaming query
 * (memory stays at one batch). A bad row fails with its file and row number.
 */
async function* kindRecords<K extends ExportKind>(dir: string, kind: K): AsyncGenerator<ExportRecords[K][]> {
  const file = join(dir, kindFormats[kind].file);
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '512MB', threads: '1' });
  const conn = await instance.connect();
  try {
    await checkRowCount(conn, kind, file).catch(unreadable(kind));
    const result = await conn.stream(`SELECT * FROM read_parquet($file)`, { file });
    let n = 0;
    yield* streamedBatches(result, (row: Record<string, unknown>) => {
      n++;
      const checked = recordOf(kind, lineFields(kind, n, row));
      if ('problem' in checked) throw rowError(kind, n, checked.problem.field, checked.problem.message);
      return checked.record;
    });
  } catch (error) {
    unreadable(kind)(error);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function allOf<K extends ExportKind>(dir: string, kind: K): Promise<ExportRecords[K][]> {
  const all: ExportRecords[K][] = [];
  for await (const batch of kindRecords(dir, kind)) all.push(...batch);
  return all;
}

/** A Parquet export directory as StoreContents; the snapshots are checked now, before anything is written. */
export async function parquetExport(dir: string): Promise<StoreContents> {
  if (!isParquetExport(dir)) {
    throw new CliError(
      `${dir} is not a Parquet export (it needs ${requiredKinds.map((k) => kindFormats[k].file).join(', ')})`,
    );
  }
  const metadata = {
    properties: await allOf(dir, 'property'),
    apiKeys: await allOf(dir, 'api_key'),
    savedFunnels: await allOf(dir, 'saved_funnel'),
    experiments: await allOf(dir, 'experiment'),
    goals: hasFile(dir, 'goal') ? await allOf(dir, 'goal') : [],
    accounts: hasFile(dir, 'account') ? await allOf(dir, 'account') : [],
    shareLinks: hasFile(dir, 'share_link') ? await allOf(dir, 'share_link') : [],
    audit: hasFile(dir, 'audit') ? await allOf(dir, 'audit') : [],
  };
  for await (const _checked of kindRecords(dir, 'snapshot')) {
    // read through only to check every row before the import writes anything
  }
  return { metadata, snapshots: () => kindRecords(dir, 'snapshot'), events: () => kindRecords(dir, 'event') };
}
