import type { BackupManifest } from './duckdb/backup/backup-manifest.js';
import type { Store } from './store.js';

/** A store that copies itself into a directory while it serves (the embedded one: duckdb/backup/). */
export const onlineBackup = Symbol('online backup');
export interface OnlineBackup {
  [onlineBackup]: (outDir: string) => Promise<BackupManifest>;
}

/** The store's online backup, or undefined for a store that has none (ClickHouse has BACKUP of its own). */
export function onlineBackupOf(store: Store): OnlineBackup[typeof onlineBackup] | undefined {
  return (store as Partial<OnlineBackup>)[onlineBackup];
}
