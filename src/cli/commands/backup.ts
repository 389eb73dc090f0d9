import { request } from 'node:http';
import { join, resolve } from 'node:path';
import type { Config } from '../../server/config.js';
import { CONTROL_SOCKET } from '../../server/control/control-socket.js';
import { BackupError, type BackupManifest } from '../../server/store/duckdb/backup/backup-manifest.js';
import { onlineBackupOf } from '../../server/store/online-backup.js';
import { openStore } from '../../server/store/open-store.js';
import { StoreLockedError } from '../../server/store/store-locked.js';
import { CliError } from '../cli-error.js';

export const CLICKHOUSE_BACKUP_HELP = `on ClickHouse, back up with ClickHouse itself: BACKUP DATABASE sightline TO Disk('backups', 'sightline.zip') (or TO S3(...)), and RESTORE DATABASE sightline FROM the same; docs/upgrading.md, "Backups", lists the tables`;

/** One line on what a backup holds, for `backup` and `restore` alike. */
export function describeBackup(m: BackupManifest): string {
  const events = m.tables.events ?? 0;
  return `${events} events in the tables and ${m.inbox.events} in ${m.inbox.batches} inbox batches written at the next start, ${Object.keys(m.tables).length} tables, as of ${m.instant}`;
}

/** Asks the server holding the store to take the backup, through its control socket. */
function backupThroughServer(dataDir: string, dir: string): Promise<BackupManifest> {
  const socketPath = join(dataDir, CONTROL_SOCKET);
  return new Promise((done, fail) => {
    const req = request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (s: string) => (text += s));
      res.on('end', () => {
        const body = JSON.parse(text) as BackupManifest & { error?: string };
        if (res.statusCode === 200) done(body);
        else fail(new CliError(`the server did not take the backup: ${body.error}`));
      });
    });
    req.on('error', (error) =>
      fail(
        new CliError(
          `a process holds the store in ${dataDir} but its control socket does not answer (${error.message}); is it a Sightline server of this version?`,
        ),
      ),
    );
    req.end(JSON.stringify({ dir }));
  });
}

/**
 * `backup --out DIR`: a copy of the store at one instant (duckdb/backup/take-backup.ts), taken by the
 * running server when one holds the store, else by this process.
 */
export async function backupCommand(config: Config, out: string | undefined): Promise<string> {
  if (config.STORE === 'clickhouse') throw new CliError(CLICKHOUSE_BACKUP_HELP);
  if (!out) throw new CliError('usage: backup --out DIR');
  const dir = resolve(out); // the server's working directory may not be ours
  try {
    let store;
    try {
      store = await openStore(config);
    } catch (error) {
      if (!(error instanceof StoreLockedError)) throw error;
      return `backed up ${describeBackup(await backupThroughServer(config.DATA_DIR, dir))} to ${dir} (through the running server)`;
    }
    try {
      return `backed up ${describeBackup(await onlineBackupOf(store)!(dir))} to ${dir}`;
    } finally {
      await store.close();
    }
  } catch (error) {
    throw error instanceof BackupError ? new CliError(error.message) : error;
  }
}
