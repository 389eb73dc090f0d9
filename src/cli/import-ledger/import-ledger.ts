import { basename } from 'node:path';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import type { ContentHash } from './content-hash.js';

/** "2026-03-02 10:00:00 UTC": when the earlier import ran, as the refusal names it. */
const when = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * Refuses content imported before (by its hash, whatever the file is called now) unless `again`:
 * a second import of the same file would count each of its events twice. Empty content has nothing
 * to count twice (and a directory that is no export hashes as empty: its own error says so).
 */
export async function refuseRepeatedImport(store: Store, content: ContentHash, again: boolean): Promise<void> {
  if (again || content.size_bytes === 0) return;
  const earlier = await store.latestImport(content.sha256);
  if (!earlier) return;
  throw new CliError(
    `this content was imported on ${when(earlier.imported_at)} from ${earlier.file_name} (${earlier.events} events); importing it again would count them twice, so nothing was imported (to import it anyway: --again)`,
  );
}

/** Notes a finished import in the store's ledger. */
export function recordImport(store: Store, path: string, content: ContentHash, events: number): Promise<void> {
  return store.recordImport({ file_name: basename(path), ...content, events, imported_at: new Date() });
}
