import { existsSync, statSync } from 'node:fs';
import type { AccountRecord, ApiKeyRecord, Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import { contentHash } from '../import-ledger/content-hash.js';
import { recordImport, refuseRepeatedImport } from '../import-ledger/import-ledger.js';
import { copyProgress, silentCopy, type CopyProgress } from '../store-export/copy-progress.js';
import { ndjsonExport } from '../store-export/read-ndjson-export.js';
import { parquetExport } from '../store-export/read-parquet-export.js';
import { describeCounts, loadContents, type StoreContents } from '../store-export/store-contents.js';
import { importFile } from './import-events.js';
import { importProgress, silentProgress, type ImportProgress } from './import-progress.js';
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

export interface ImportOptions {
  maxRevenueAmount?: number;
  /** Write the export's API keys too (docs/moving-between-stores.md, "API keys"). */
  withKeys?: boolean;
  /** Write the export's dashboard accounts too (docs/moving-between-stores.md, "Accounts"). */
  withAccounts?: boolean;
  /** Import content the store's ledger says was imported before (docs/importing.md). */
  again?: boolean;
  /** Where the phases show (the CLI: stderr when it is a terminal); none when absent. */
  progress?: { file: ImportProgress; export: CopyProgress };
}

/** The CLI's progress: on stderr, and only when that is a terminal. */
export const terminalImportProgress = () => ({ file: importProgress(), export: copyProgress() });

/**
 * `import PATH`: an NDJSON file of events (operations.md §3), an NDJSON export, or a Parquet export
 * directory (docs/moving-between-stores.md), told apart by what PATH holds. The summary.
 *
 * Content the store imported before is refused, checked before a line is parsed: hashing reads the
 * file once more, a fraction of the import's own time, and a repeated file is then refused at once
 * instead of after the whole import.
 */
export async function importCommand(store: Store, path: string, options: ImportOptions = {}): Promise<string> {
  if (!existsSync(path)) throw new CliError(`no such file: ${path}`);
  const progress = options.progress ?? { file: silentProgress, export: silentCopy };
  try {
    const content = await contentHash(path, progress.file);
    await refuseRepeatedImport(store, content, options.again ?? false);
    const isExport = statSync(path).isDirectory() || (await isNdjsonExport(path));
    if (!isExport) {
      const events = await importFile(store, path, options.maxRevenueAmount, progress.file);
      progress.file.stop();
      await recordImport(store, path, content, events);
      return `imported ${events} events`;
    }
    progress.file.stop();
    const contents = statSync(path).isDirectory() ? await parquetExport(path) : await ndjsonExport(path);
    const summary = await importExport(store, contents, options, progress.export);
    await recordImport(store, path, content, summary.events);
    return summary.text;
  } finally {
    progress.file.stop();
    progress.export.stop();
  }
}

async function importExport(
  store: Store,
  contents: StoreContents,
  options: ImportOptions,
  progress: CopyProgress,
): Promise<{ text: string; events: number }> {
  const withKeys = options.withKeys ?? false;
  const withAccounts = options.withAccounts ?? false;
  const counts = await loadContents(store, contents, { withKeys, withAccounts, progress });
  progress.stop();
  const text = [
    `imported ${describeCounts(counts)}`,
    ...keyLines(contents.metadata.apiKeys, withKeys),
    ...accountLines(contents.metadata.accounts, withAccounts),
    ...auditLines(contents.metadata.audit.length, withAccounts),
    ...shareLinkLines(contents.metadata.shareLinks.length, withKeys),
  ].join('\n');
  return { text, events: counts.events };
}

/** As keyLines: an account in a file from elsewhere signs someone in, so accounts come only when asked for, each named. */
function accountLines(accounts: AccountRecord[], withAccounts: boolean): string[] {
  if (accounts.length === 0) return [];
  if (!withAccounts)
    return [
      `left out the export's ${accounts.length === 1 ? 'account' : `${accounts.length} accounts`}: to bring them, import into a store without them with --with-accounts`,
    ];
  const live = accounts.filter((a) => !a.disabled_at);
  if (live.length === 0) return [];
  return [
    `${live.length === 1 ? 'this account now signs in' : `these ${live.length} accounts now sign in`} to the dashboard (disable any you do not know: users disable --email E):`,
    ...live.map((a) => `  ${a.email} ${a.role}; properties ${a.property_ids.join(', ') || '(all)'}`),
  ];
}

/** The audit log names accounts and where they were: it comes with the accounts or not at all. */
function auditLines(count: number, withAccounts: boolean): string[] {
  if (count === 0 || withAccounts) return [];
  return [
    `left out the export's ${count === 1 ? 'audit log entry' : `${count} audit log entries`}: they come with --with-accounts`,
  ];
}

/** Share links are a way in to reports, as keys are: they come only with --with-keys. */
function shareLinkLines(count: number, withKeys: boolean): string[] {
  if (count === 0 || withKeys) return [];
  return [
    `left out the export's ${count === 1 ? 'share link' : `${count} share links`}: to bring them, import into an empty store with --with-keys`,
  ];
}

/**
 * What became of the export's keys, said loudly: a key in a file from elsewhere is a way into the
 * API for whoever made it, so keys come in only when asked for, and each one is then named.
 */
function keyLines(keys: ApiKeyRecord[], withKeys: boolean): string[] {
  if (keys.length === 0) return [];
  if (!withKeys) {
    return [
      `left out the export's ${keys.length === 1 ? 'API key' : `${keys.length} API keys`}: to bring keys, import into an empty store with --with-keys`,
    ];
  }
  const live = keys.filter((k) => !k.revoked_at);
  if (live.length === 0) return [];
  return [
    `${live.length === 1 ? 'this API key now opens' : `these ${live.length} API keys now open`} the API (revoke any you do not know: keys revoke KEY_ID):`,
    ...live.map(
      (k) =>
        `  ${k.id} "${k.name}" ${k.prefix}… properties ${k.property_ids.join(', ') || '(none)'}; permissions ${k.permissions.join(', ') || '(none)'}`,
    ),
  ];
}
