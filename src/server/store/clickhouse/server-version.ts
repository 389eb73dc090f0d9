import type { ChDb } from './clickhouse-db.js';

/** The oldest ClickHouse the store runs on: 24.8 LTS (bound parameters, window functions, `is_deleted` replacing). */
export const MINIMUM_VERSION = [24, 8] as const;

/** True when `version` ('26.7.2.1') is at least the minimum. */
export function versionSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((n) => Number.parseInt(n, 10));
  return major > MINIMUM_VERSION[0] || (major === MINIMUM_VERSION[0] && minor >= MINIMUM_VERSION[1]);
}

/** Refuses a server older than the minimum, naming both versions. */
export async function checkServerVersion(db: Pick<ChDb, 'all'>): Promise<string> {
  // No bound parameters here: a server too old to bind them must still get this far to be refused.
  const [row] = await db.all<{ version: string }>('SELECT version() AS version');
  if (!versionSupported(row.version)) {
    throw new Error(
      `ClickHouse ${row.version} is too old: Sightline needs ClickHouse ${MINIMUM_VERSION.join('.')} or newer`,
    );
  }
  return row.version;
}
