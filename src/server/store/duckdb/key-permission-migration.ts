import { keyPermissions } from '../../../contract/admin.js';
import { query, ts, type Database } from './database.js';

const NAME = 'split-key-permissions';

/**
 * Keys made before permissions were split (docs/decisions.md, "Key permissions") say `['metrics']`,
 * which then also let them create, change and stop split tests: they get `experiments` too, so what
 * they could do stays, and `['none']` becomes `[]`. Runs once per store, recorded in store_migrations,
 * because afterwards `['metrics']` is a read-only key that someone chose.
 */
export async function migrateKeyPermissions(db: Database): Promise<void> {
  await db.transaction(async (conn) => {
    if ((await query(conn, 'SELECT name FROM store_migrations WHERE name = $name', { name: NAME })).length > 0) return;
    await query(conn, `UPDATE api_keys SET permissions = $all WHERE permissions = ['metrics']`, {
      all: [...keyPermissions],
    });
    await query(conn, `UPDATE api_keys SET permissions = []::VARCHAR[] WHERE permissions = ['none']`);
    await query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', {
      name: NAME,
      at: ts(new Date()),
    });
  });
}
