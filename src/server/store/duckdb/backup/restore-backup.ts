import { DuckDBInstance } from '@duckdb/node-api';
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { query } from '../database.js';
import { BackupError, readVerifiedManifest, type BackupManifest } from './backup-manifest.js';
import { DB_FILE } from './take-backup.js';

/** Rows per table of a database file, opened read-only (nothing in it changes, no migration runs). */
async function countRows(file: string, tables: string[]): Promise<Record<string, number>> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY', threads: '1' });
  const conn = await instance.connect();
  try {
    const counts: Record<string, number> = {};
    for (const name of tables) {
      // Names from the manifest, whose hash was just checked against the backup; quoted all the same.
      const [row] = await query<{ n: number }>(conn, `SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`);
      counts[name] = Number(row.n);
    }
    return counts;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/**
 * Puts the backup in `backupDir` into `dataDir`, which must be empty or missing (so no server holds
 * it and nothing is overwritten): its files checked against the manifest first, then copied, then the
 * restored database's rows counted against it. The next start writes the inbox's batches as after a
 * crash and serves everything.
 */
export async function restoreBackup(backupDir: string, dataDir: string): Promise<BackupManifest> {
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (a server's store, or another restore?); restore goes into an empty or new directory`,
    );
  const manifest = await readVerifiedManifest(backupDir);
  await mkdir(dataDir, { recursive: true });
  try {
    for (const name of Object.keys(manifest.files)) {
      const to = join(dataDir, ...name.split('/'));
      await mkdir(dirname(to), { recursive: true });
      await copyFile(join(backupDir, ...name.split('/')), to, constants.COPYFILE_EXCL);
    }
    const counts = await countRows(join(dataDir, DB_FILE), Object.keys(manifest.tables));
    const differ = Object.keys(manifest.tables).filter((t) => counts[t] !== manifest.tables[t]);
    if (differ.length > 0)
      throw new BackupError(
        `the restored store's rows differ from the manifest's in ${differ.map((t) => `${t} (${counts[t]}, not ${manifest.tables[t]})`).join(', ')}`,
      );
  } catch (error) {
    for (const entry of await readdir(dataDir)) await rm(join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
  return manifest;
}
