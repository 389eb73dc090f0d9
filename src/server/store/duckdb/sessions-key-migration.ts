import { query, type Database } from './database.js';
import { schemaSql } from './schema.js';

/**
 * Stores made when `sessions` had a primary key get the table rebuilt without it, once (DuckDB cannot
 * drop a key in place): the merge (merge-sessions.ts) keeps sessions unique without it, and the index
 * only cost upkeep on every write and memory. Row order, and so the table's time locality, is kept.
 */
export async function dropSessionsPrimaryKey(db: Database): Promise<void> {
  await db.transaction(async (conn) => {
    const keyed = await query(
      conn,
      `SELECT 1 FROM duckdb_constraints() WHERE database_name = current_database()
      AND schema_name = 'main' AND table_name = 'sessions' AND constraint_type = 'PRIMARY KEY'`,
    );
    if (keyed.length === 0) return;
    await conn.run('ALTER TABLE sessions RENAME TO sessions_keyed');
    await conn.run(schemaSql); // creates `sessions` as it is now; everything else exists already
    await conn.run('INSERT INTO sessions SELECT * FROM sessions_keyed');
    await conn.run('DROP TABLE sessions_keyed');
  });
}
