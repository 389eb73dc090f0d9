import { existsSync, statSync } from 'node:fs';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import { ndjsonExport } from '../store-export/read-ndjson-export.js';
import { parquetExport } from '../store-export/read-parquet-export.js';
import { describeCounts, loadContents } from '../store-export/store-contents.js';
import { importFile } from './import-events.js';
import { readLines } from './read-lines.js';

/** Does the file's first non-empty line carry a `kind`, as an export's lines do (events of operations.md §3 never do)? */
async function isNdjsonExport(file: string): Promise<boolean> {
  for await (const lines of readLines(file)) {
    const first = lines.find((l) => l.trim() !== '');
    if (first === undefined) continue;
    try {
      const value = JSON.parse(first) as unknown;
      return typeof value === 'object' && value !== null && 'kind' in value;
    } catch {
      return false; // the events import names the line
    }
  }
  return false;
}

/**
 * `import PATH`: an NDJSON file of events (operations.md §3), an NDJSON export, or a Parquet export
 * directory (docs/moving-between-stores.md), told apart by what PATH holds. The summary line.
 */
export async function importCommand(store: Store, path: string, maxRevenueAmount?: number): Promise<string> {
  if (!existsSync(path)) throw new CliError(`no such file: ${path}`);
  if (statSync(path).isDirectory())
    return `imported ${describeCounts(await loadContents(store, await parquetExport(path)))}`;
  if (await isNdjsonExport(path))
    return `imported ${describeCounts(await loadContents(store, await ndjsonExport(path)))}`;
  return `imported ${await importFile(store, path, maxRevenueAmount)} events`;
}
