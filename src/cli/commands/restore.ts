import { resolve } from 'node:path';
import type { Config } from '../../server/config.js';
import { BackupError } from '../../server/store/duckdb/backup/backup-manifest.js';
import { CliError } from '../cli-error.js';
import { describeBackup } from './backup.js';

/** `restore DIR`: a backup into an empty DATA_DIR (duckdb/backup/restore-backup.ts). */
export async function restoreCommand(config: Config, dir: string | undefined): Promise<string> {
  if (config.STORE === 'clickhouse')
    throw new CliError(
      "on ClickHouse, restore with ClickHouse itself: RESTORE DATABASE sightline FROM Disk('backups', 'sightline.zip'); docs/upgrading.md, \"Backups\"",
    );
  if (!dir) throw new CliError('usage: restore DIR (into DATA_DIR, which must be empty or missing)');
  // Loaded here: a ClickHouse installation never loads DuckDB's library.
  const { restoreBackup } = await import('../../server/store/duckdb/backup/restore-backup.js');
  try {
    const manifest = await restoreBackup(resolve(dir), resolve(config.DATA_DIR));
    return `restored ${describeBackup(manifest)} into ${config.DATA_DIR}; start the server on it`;
  } catch (error) {
    throw error instanceof BackupError ? new CliError(error.message) : error;
  }
}
