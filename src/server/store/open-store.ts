import type { Config } from '../config.js';
import { openDuckdbStore } from './duckdb/duckdb-store.js';
import type { Store } from './store.js';

/** The store the configuration names; ClickHouse arrives with its own issue and is refused clearly until then. */
export async function openStore(config: Pick<Config, 'STORE' | 'DATA_DIR'>): Promise<Store> {
  if (config.STORE === 'clickhouse') {
    throw new Error('STORE=clickhouse is not supported by this version yet; use STORE=duckdb (the default)');
  }
  return openDuckdbStore(config.DATA_DIR);
}
