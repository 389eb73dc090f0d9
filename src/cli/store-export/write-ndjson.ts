import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { exportLine, type ExportKind, type ExportRecords } from './export-format.js';
import { metadataCounts, type MovedCounts, type StoreContents } from './store-contents.js';

/** Writes text, waiting while the sink's buffer is full, so a slow sink never makes the export hold more. */
async function write(sink: Writable, text: string): Promise<void> {
  if (text === '' || sink.write(text)) return;
  // Rejects instead if the sink emits 'error' meanwhile.
  await once(sink, 'drain');
}

const lines = <K extends ExportKind>(kind: K, records: readonly ExportRecords[K][]) =>
  records.map((r) => `${exportLine(kind, r)}\n`).join('');

/** The export as NDJSON: metadata, then snapshots, then events, each batch written as it is read. */
export async function writeNdjson(contents: StoreContents, sink: Writable): Promise<MovedCounts> {
  const m = contents.metadata;
  await write(
    sink,
    lines('property', m.properties) +
      lines('api_key', m.apiKeys) +
      lines('saved_funnel', m.savedFunnels) +
      lines('experiment', m.experiments) +
      lines('goal', m.goals) +
      lines('account', m.accounts) +
      lines('share_link', m.shareLinks) +
      lines('audit', m.audit),
  );
  let snapshots = 0;
  for await (const batch of contents.snapshots()) {
    await write(sink, lines('snapshot', batch));
    snapshots += batch.length;
  }
  let events = 0;
  for await (const batch of contents.events()) {
    await write(sink, lines('event', batch));
    events += batch.length;
  }
  return { ...metadataCounts(m), snapshots, events };
}
