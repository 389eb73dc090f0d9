import { query, ts, type Database } from './database.js';

// Kept out of schema.ts: these tables are created on first use, so older stores gain them too.
const TABLES = `
CREATE TABLE IF NOT EXISTS sign_in_tokens (
  hash VARCHAR PRIMARY KEY,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  used_at TIMESTAMP
);
CREATE TABLE IF NOT EXISTS admin_sessions (
  hash VARCHAR PRIMARY KEY,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL
);`;

/** One-time sign-in tokens and admin sessions, both stored only as SHA-256 hashes. */
export function adminSessionQueries(db: Database) {
  let ready: Promise<unknown> | undefined;
  const ensure = () =>
    (ready ??= db
      .transaction((conn) => conn.run(TABLES))
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
  const write = async (sql: string, params: Record<string, string>) => {
    await ensure();
    return db.transaction((conn) => query(conn, sql, params));
  };
  return {
    async createSignInToken(hash: string, expiresAt: Date): Promise<void> {
      await write('INSERT INTO sign_in_tokens VALUES ($hash, $now::TIMESTAMP, $expires::TIMESTAMP, NULL)', {
        hash,
        now: ts(new Date()),
        expires: ts(expiresAt),
      });
    },
    async consumeSignInToken(hash: string, now: Date): Promise<boolean> {
      const rows = await write(
        'UPDATE sign_in_tokens SET used_at = $now::TIMESTAMP WHERE hash = $hash AND used_at IS NULL AND expires_at > $now::TIMESTAMP RETURNING hash',
        { hash, now: ts(now) },
      );
      return rows.length > 0;
    },
    async createAdminSession(hash: string, expiresAt: Date): Promise<void> {
      await write('INSERT INTO admin_sessions VALUES ($hash, $now::TIMESTAMP, $expires::TIMESTAMP)', {
        hash,
        now: ts(new Date()),
        expires: ts(expiresAt),
      });
    },
    async adminSessionValid(hash: string, now: Date): Promise<boolean> {
      await ensure();
      const rows = await db.all('SELECT 1 FROM admin_sessions WHERE hash = $hash AND expires_at > $now::TIMESTAMP', {
        hash,
        now: ts(now),
      });
      return rows.length > 0;
    },
    async deleteAdminSession(hash: string): Promise<boolean> {
      const rows = await write('DELETE FROM admin_sessions WHERE hash = $hash RETURNING hash', { hash });
      return rows.length > 0;
    },
  };
}
