import type { ChDb } from './clickhouse-db.js';

/**
 * Before `configure`, any key with `metrics` could create and delete goals and saved funnels: each
 * such key gets `configure` (last, where canonicalPermissions puts it), so what it could do stays; a
 * key without `metrics` never could, and is left alone. Run once, as schema version 12 (migrations.ts):
 * afterwards a metrics-only key is read-only by choice.
 *
 * A key is changed the way revoking changes it: a new row of the key (read with FINAL) one version
 * above the row it replaces, so a live key (version 0) still loses to any revocation, and a revoked
 * key keeps its `revoked_at`. Run again (a start that died before recording the version) it finds
 * nothing left to change; two servers starting at once may both write a key's row, the same row,
 * which reads as one.
 */
export async function grantConfigureToMetricsKeys(db: ChDb): Promise<void> {
  const keys = await db.all<{ permissions: string[]; version: string | number }>(
    `SELECT * FROM api_keys FINAL WHERE has(permissions, 'metrics') AND NOT has(permissions, 'configure')`,
  );
  if (keys.length === 0) return;
  await db.insert(
    'api_keys',
    keys.map((k) => ({ ...k, permissions: [...k.permissions, 'configure'], version: Number(k.version) + 1 })),
  );
}
