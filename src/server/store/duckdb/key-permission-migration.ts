import type { DuckDBConnection } from '@duckdb/node-api';
import { query, ts, type Database } from './database.js';

/**
 * Once per store, each recorded in store_migrations: afterwards the same permissions are a choice
 * someone made, so a later start must leave them alone. In the order they happened.
 */
const changes: { name: string; sql: string[] }[] = [
  {
    // Keys made before permissions were split (docs/decisions.md, "Key permissions") say `['metrics']`,
    // which then also let them create, change and stop split tests: they get `experiments` too, and
    // `['none']` becomes `[]`.
    name: 'split-key-permissions',
    sql: [
      `UPDATE api_keys SET permissions = ['metrics', 'experiments'] WHERE permissions = ['metrics']`,
      `UPDATE api_keys SET permissions = []::VARCHAR[] WHERE permissions = ['none']`,
    ],
  },
  {
    // Before `configure`, any key with `metrics` could create and delete goals and saved funnels: it
    // gets `configure` (last, where canonicalPermissions puts it). A key without `metrics` never could.
    name: 'configure-key-permission',
    sql: [
      `UPDATE api_keys SET permissions = list_append(permissions, 'configure')
       WHERE list_contains(permissions, 'metrics') AND NOT list_contains(permissions, 'configure')`,
    ],
  },
];

const applied = async (conn: DuckDBConnection, name: string) =>
  (await query(conn, 'SELECT name FROM store_migrations WHERE name = $name', { name })).length > 0;

/** Gives keys stored by an earlier version what they could do then, and nothing more. */
export async function migrateKeyPermissions(db: Database): Promise<void> {
  await db.transaction(async (conn) => {
    for (const change of changes) {
      if (await applied(conn, change.name)) continue;
      for (const sql of change.sql) await query(conn, sql);
      await query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', {
        name: change.name,
        at: ts(new Date()),
      });
    }
  });
}
