import type { Config } from '../config.js';
import type { Store } from './store.js';

/**
 * The store the configuration names. Each store's module is loaded only when chosen, so the embedded
 * default never loads the ClickHouse client (nor chDB's library).
 */
export async function openStore(
  config: Pick<Config, 'STORE' | 'DATA_DIR' | 'CLICKHOUSE_URL' | 'CLICKHOUSE_CLUSTER'>,
): Promise<Store> {
  if (config.STORE === 'clickhouse') {
    const { openClickhouseStoreFromUrl } = await import('./clickhouse/clickhouse-store.js');
    return openClickhouseStoreFromUrl(config.CLICKHOUSE_URL, config.CLICKHOUSE_CLUSTER);
  }
  const { openDuckdbStore } = await import('./duckdb/duckdb-store.js');
  return openDuckdbStore(config.DATA_DIR);
}
