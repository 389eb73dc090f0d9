import type { StoredEvent } from '../../contract/events.js';
import type { SnapshotRecord } from '../../server/store/store.js';
import { ImportLineError } from '../commands/import-events.js';
import { readLines } from '../commands/read-lines.js';
import {
  exportKinds,
  isExportKind,
  MAX_IMPORT_ROWS,
  recordOf,
  type ExportKind,
  type ExportRecords,
} from './export-format.js';
import type { StoreContents, StoreMetadata } from './store-contents.js';

const BATCH = 50_000;

interface Line {
  n: number;
  kind: ExportKind;
  fields: unknown;
}

/** The file's non-empty lines as JSON objects with a known `kind`; a line that is not fails with its number. */
async function* exportLines(file: string): AsyncGenerator<Line> {
  let n = 0;
  for await (const lines of readLines(file)) {
    for (const text of lines) {
      n++;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ImportLineError(n, '(line)', 'not valid JSON');
      }
      const kind = (value as { kind?: unknown } | null)?.kind;
      if (!isExportKind(kind))
        throw new ImportLineError(n, 'kind', `one of ${exportKinds.join(', ')} (got ${JSON.stringify(kind ?? null)})`);
      yield { n, kind, fields: value };
    }
  }
}

function recordAt<K extends ExportKind>(line: Line & { kind: K }): ExportRecords[K] {
  const checked = recordOf(line.kind, line.fields);
  if ('problem' in checked) throw new ImportLineError(line.n, checked.problem.field, checked.problem.message);
  return checked.record;
}

const isKind = <K extends ExportKind>(line: Line, kind: K): line is Line & { kind: K } => line.kind === kind;

/**
 * An NDJSON export (export-format.ts) as StoreContents. Its order is what makes one pass enough for
 * each part: the metadata (read now, and the snapshots checked now, so the import refuses a bad one
 * before writing anything), then the snapshots, then the events, each read again when asked for.
 */
export async function ndjsonExport(file: string): Promise<StoreContents> {
  const metadata: StoreMetadata = {
    properties: [],
    apiKeys: [],
    savedFunnels: [],
    experiments: [],
    goals: [],
    accounts: [],
    shareLinks: [],
    audit: [],
  };
  let snapshotsSeen = false;
  const seen = new Map<ExportKind, number>();
  for await (const line of exportLines(file)) {
    if (isKind(line, 'event')) break;
    const count = (seen.get(line.kind) ?? 0) + 1;
    seen.set(line.kind, count);
    const cap = MAX_IMPORT_ROWS[line.kind];
    if (cap !== undefined && count > cap)
      throw new ImportLineError(line.n, 'kind', `more than ${cap} ${line.kind} lines (the most an export has)`);
    if (isKind(line, 'snapshot')) {
      recordAt(line);
      snapshotsSeen = true;
      continue;
    }
    if (snapshotsSeen)
      throw new ImportLineError(
        line.n,
        'kind',
        `a ${line.kind} after the snapshots (an export lists its metadata first)`,
      );
    if (isKind(line, 'property')) metadata.properties.push(recordAt(line));
    else if (isKind(line, 'api_key')) metadata.apiKeys.push(recordAt(line));
    else if (isKind(line, 'saved_funnel')) metadata.savedFunnels.push(recordAt(line));
    else if (isKind(line, 'experiment')) metadata.experiments.push(recordAt(line));
    else if (isKind(line, 'goal')) metadata.goals.push(recordAt(line));
    else if (isKind(line, 'account')) metadata.accounts.push(recordAt(line));
    else if (isKind(line, 'share_link')) metadata.shareLinks.push(recordAt(line));
    else if (isKind(line, 'audit')) metadata.audit.push(recordAt(line));
  }

  async function* snapshots(): AsyncGenerator<SnapshotRecord[]> {
    let batch: SnapshotRecord[] = [];
    for await (const line of exportLines(file)) {
      if (isKind(line, 'event')) break;
      if (!isKind(line, 'snapshot')) continue;
      batch.push(recordAt(line));
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async function* events(): AsyncGenerator<StoredEvent[]> {
    let batch: StoredEvent[] = [];
    let inEvents = false;
    for await (const line of exportLines(file)) {
      if (!isKind(line, 'event')) {
        if (inEvents)
          throw new ImportLineError(
            line.n,
            'kind',
            `a ${line.kind} among the events (an export lists its events last)`,
          );
        continue;
      }
      inEvents = true;
      batch.push(recordAt(line));
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  return { metadata, snapshots, events };
}
