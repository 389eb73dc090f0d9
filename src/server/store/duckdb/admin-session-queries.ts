import { query, ts, type Database } from './database.js';
import { tableOnFirstUse } from './table-on-first-use.js';

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
);
-- Whose they are (issue 43): NULL for the printed sign-in link's, an account's id otherwise; added in place.
ALTER TABLE sign_in_tokens ADD COLUMN IF NOT EXISTS account_id VARCHAR;
ALTER TABLE admin_sessions ADD COLUMN IF NOT EXISTS account_id VARCHAR;`;

/** One-time sign-in tokens and admin sessions (an account's, or the printed link's), both stored only as SHA-256 hashes. */
export function adminSessionQueries(db: Database) {
  const ensure = tableOnFirstUse(db, TABLES);
  const write = async (sql: string, params: Record<string, string | null>) => {
    await ensure();
    return db.transaction((conn) => query(conn, sql, params));
  };
  return {
    async createSignInToken(hash: string, expiresAt: Date): Promise<void> {
      await write(
        'INSERT INTO sign_in_tokens (hash, created_at, expires_at) VALUES ($hash, $now::TIMESTAMP, $expires::TIMESTAMP)',
        { hash, now: ts(new Date()), expires: ts(expiresAt) },
      );
    },
    async createAccountToken(hash: string, accountId: string, expiresAt: Date): Promise<void> {
      await write(
        'INSERT INTO sign_in_tokens (hash, created_at, expires_at, account_id) VALUES ($hash, $now::TIMESTAMP, $expires::TIMESTAMP, $account)',
        { hash, now: ts(new Date()), expires: ts(expiresAt), account: accountId },
      );
    },
    async accountTokenAccount(hash: string, now: Date): Promise<string | null> {
      await ensure();
      const [row] = await db.all<{ account_id: string }>(
        'SELECT account_id FROM sign_in_tokens WHERE hash = $hash AND used_at IS NULL AND expires_at > $now::TIMESTAMP AND account_id IS NOT NULL',
        { hash, now: ts(now) },
      );
      return row?.account_id ?? null;
    },
    async accountLinkExpiries(): Promise<Map<string, Date>> {
      await ensure();
      const rows = await db.all<{ account_id: string; expires_at: Date }>(
        'SELECT account_id, max(expires_at) AS expires_at FROM sign_in_tokens WHERE account_id IS NOT NULL GROUP BY account_id',
      );
      return new Map(rows.map((r) => [r.account_id, r.expires_at]));
    },
    async consumeSignInToken(hash: string, now: Date): Promise<boolean> {
      const rows = await write(
        'UPDATE sign_in_tokens SET used_at = $now::TIMESTAMP WHERE hash = $hash AND used_at IS NULL AND expires_at > $now::TIMESTAMP RETURNING hash',
        { hash, now: ts(now) },
      );
      return rows.length > 0;
    },
    async createAdminSession(hash: string, expiresAt: Date, accountId: string | null = null): Promise<void> {
      await write(
        'INSERT INTO admin_sessions (hash, created_at, expires_at, account_id) VALUES ($hash, $now::TIMESTAMP, $expires::TIMESTAMP, $account)',
        { hash, now: ts(new Date()), expires: ts(expiresAt), account: accountId },
      );
    },
    async adminSession(hash: string, now: Date): Promise<{ account_id: string | null } | null> {
      await ensure();
      const [row] = await db.all<{ account_id: string | null }>(
        'SELECT account_id FROM admin_sessions WHERE hash = $hash AND expires_at > $now::TIMESTAMP',
        { hash, now: ts(now) },
      );
      return row ? { account_id: row.account_id } : null;
    },
    async deleteAccountSessions(accountId: string): Promise<void> {
      await write('DELETE FROM admin_sessions WHERE account_id = $account', { account: accountId });
    },
    async deleteAdminSession(hash: string): Promise<boolean> {
      const rows = await write('DELETE FROM admin_sessions WHERE hash = $hash RETURNING hash', { hash });
      return rows.length > 0;
    },
  };
}
