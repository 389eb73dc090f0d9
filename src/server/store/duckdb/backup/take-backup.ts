import type { DuckDBConnection } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { CollectLog } from '../collect-log.js';
import { LOG_DIR, type CollectInbox } from '../collect-inbox.js';
import { query, type Database } from '../database.js';
import { BackupError, describeFiles, writeManifest, type BackupManifest } from './backup-manifest.js';

/** The store's file, in a data directory and in a backup alike: a backup is a data directory's layout. */
export const DB_FILE = 'sightline.duckdb';

/** A path as a SQL string literal: ATTACH takes no bound parameters. The path is the local operator's. */
export const pathLiteral = (path: string) => `'${path.replaceAll("'", "''")}'`;
const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

const { version } = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

let attached = 0;

/** Refuses a directory that holds anything (a backup never mixes with other files), else makes it. */
async function makeEmptyDir(dir: string): Promise<void> {
  if (!isAbsolute(dir)) throw new BackupError(`the backup directory must be an absolute path, not "${dir}"`);
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new BackupError(`${dir} is not empty; a backup goes into a new or empty directory`);
  await mkdir(dir, { recursive: true });
}

/** Rows per table of the main database, as the connection's transaction sees them. */
async function countTables(conn: DuckDBConnection): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    conn,
    `SELECT table_name AS name FROM duckdb_tables()
     WHERE database_name = current_database() AND NOT temporary ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    // Names from the catalog, not from input.
    const [row] = await query<{ n: number }>(conn, `SELECT count(*) AS n FROM main.${identifier(name)}`);
    counts[name] = Number(row.n);
  }
  return counts;
}

/**
 * Copies the embedded store in `dataDir` into `outDir` while it serves: collect keeps answering and
 * reports keep reading. One transaction's snapshot is copied (`COPY FROM DATABASE` into a new DuckDB
 * file: the same engine, tables, keys and sequences, so a restore is a file copy), and the inbox's log
 * is copied at that snapshot, with no segment deleted in between: a batch answered before the snapshot
 * is either written in it or in the copied log, and the first start on a restore writes the latter as
 * after a crash. Batches answered during the copy may or may not be in it.
 */
export async function takeBackup(
  db: Database,
  inbox: CollectInbox,
  dataDir: string,
  outDir: string,
): Promise<BackupManifest> {
  if (dataDir === ':memory:') throw new BackupError('an in-memory store keeps nothing to back up');
  await makeEmptyDir(outDir);
  const alias = `sightline_backup_${++attached}`;
  const conn = await db.instance.connect();
  try {
    await conn.run(`ATTACH ${pathLiteral(join(outDir, DB_FILE))} AS ${alias}`);
    try {
      // BEGIN inside the hold: a segment deleted after a commit the snapshot does not see would lose its batches.
      const { instant, writtenUpTo } = await inbox.keepingLog(async () => {
        const instant = new Date();
        await conn.run('BEGIN TRANSACTION');
        const [mark] = await query<{ seq: number }>(conn, 'SELECT coalesce(max(seq), 0) AS seq FROM collect_written');
        await copyLog(join(dataDir, LOG_DIR), join(outDir, LOG_DIR));
        return { instant, writtenUpTo: Number(mark.seq) };
      });
      const tables = await countTables(conn);
      const [{ name }] = await query<{ name: string }>(conn, 'SELECT current_database() AS name');
      await conn.run(`COPY FROM DATABASE ${identifier(name)} TO ${alias}`);
      await conn.run('COMMIT');
      await conn.run(`DETACH ${alias}`); // checkpoints the copy: one file, no WAL
      const unwritten = CollectLog.open(join(outDir, LOG_DIR)).batches.filter((b) => b.seq > writtenUpTo);
      const manifest: BackupManifest = {
        format: 'sightline-backup',
        format_version: 1,
        sightline_version: version,
        store: 'duckdb',
        instant: instant.toISOString(),
        tables,
        inbox: {
          written_up_to: writtenUpTo,
          batches: unwritten.length,
          events: unwritten.reduce((n, b) => n + (JSON.parse(b.text) as unknown[]).length, 0),
        },
        files: await describeFiles(outDir),
      };
      await writeManifest(outDir, manifest);
      return manifest;
    } catch (error) {
      await conn.run('ROLLBACK').catch(() => undefined);
      await conn.run(`DETACH DATABASE IF EXISTS ${alias}`).catch(() => undefined);
      throw error;
    }
  } catch (error) {
    // The directory was empty or new: what is in it now is this backup's, unfinished.
    for (const entry of await readdir(outDir)) await rm(join(outDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    conn.closeSync();
  }
}

/** The log's files as they are now; an append under way may be cut short, as a crash would cut it. */
async function copyLog(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const file of await readdir(from).catch(() => [] as string[])) await copyFile(join(from, file), join(to, file));
}
