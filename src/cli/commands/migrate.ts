import type { Config } from '../../server/config.js';
import { openStore } from '../../server/store/open-store.js';
import { CliError } from '../cli-error.js';
import { copyProgress } from '../store-export/copy-progress.js';
import { migrateStore } from '../store-export/migrate-store.js';
import { describeCounts } from '../store-export/store-contents.js';

const stores = { duckdb: 'DuckDB', clickhouse: 'ClickHouse' } as const;

/**
 * `migrate --to clickhouse`: copies the embedded store in DATA_DIR into the ClickHouse store of
 * CLICKHOUSE_URL (and `--to duckdb` the other way), whatever STORE says, then checks the counts.
 */
export async function migrateCommand(
  config: Config,
  to: string | undefined,
  // On stderr, even when it is not a terminal: a migration runs for minutes and should say it is alive.
  progress = copyProgress(process.stderr, { lines: true }),
): Promise<string> {
  if (to !== 'clickhouse' && to !== 'duckdb')
    throw new CliError('usage: migrate --to clickhouse (or --to duckdb: back into DATA_DIR)');
  if (!config.CLICKHOUSE_URL)
    throw new CliError('migrate needs CLICKHOUSE_URL (http(s)://user:password@host:8123/database, or chdb:PATH)');
  const from = to === 'clickhouse' ? 'duckdb' : 'clickhouse';
  const source = await openStore({ ...config, STORE: from });
  try {
    const target = await openStore({ ...config, STORE: to });
    try {
      const moved = await migrateStore(
        { store: source, name: stores[from] },
        { store: target, name: stores[to] },
        progress,
      ).finally(() => progress.stop());
      return `migrated ${describeCounts(moved)} from ${stores[from]} to ${stores[to]}; the counts agree`;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
