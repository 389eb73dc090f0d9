import type { AccountRecord } from '../account-store.js';
import { query, ts, type Database } from './database.js';
import { tableOnFirstUse } from './table-on-first-use.js';

// Created on first use, as the sign-in tables are, so older stores gain it too.
const TABLE = `
CREATE TABLE IF NOT EXISTS accounts (
  id VARCHAR PRIMARY KEY,
  email VARCHAR NOT NULL UNIQUE,
  role VARCHAR NOT NULL,
  property_ids VARCHAR NOT NULL,
  password_hash VARCHAR,
  created_at TIMESTAMP NOT NULL,
  disabled_at TIMESTAMP
);
-- Two-factor sign-in, added in place to stores made before it (recovery codes: a JSON list of hashes).
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS totp_secret VARCHAR;
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS totp_enabled_at TIMESTAMP;
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS totp_last_step BIGINT;
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS recovery_code_hashes VARCHAR DEFAULT '[]';
CREATE TABLE IF NOT EXISTS sign_in_settings (name VARCHAR PRIMARY KEY, value VARCHAR NOT NULL);`;

type Row = Omit<AccountRecord, 'property_ids' | 'recovery_code_hashes' | 'totp_last_step'> & {
  property_ids: string;
  recovery_code_hashes: string | null;
  totp_last_step: number | bigint | null;
};
const fromRow = (r: Row): AccountRecord => ({
  ...r,
  property_ids: JSON.parse(r.property_ids),
  recovery_code_hashes: JSON.parse(r.recovery_code_hashes ?? '[]'),
  totp_last_step: r.totp_last_step === null ? null : Number(r.totp_last_step),
});
const params = (a: AccountRecord) => ({
  id: a.id,
  email: a.email,
  role: a.role,
  properties: JSON.stringify(a.property_ids),
  hash: a.password_hash,
  created: ts(a.created_at),
  disabled: a.disabled_at && ts(a.disabled_at),
  totp: a.totp_secret,
  totpAt: a.totp_enabled_at && ts(a.totp_enabled_at),
  totpStep: a.totp_last_step === null ? null : String(a.totp_last_step),
  recovery: JSON.stringify(a.recovery_code_hashes),
});
const COLUMNS = `id, email, role, property_ids, password_hash, created_at, disabled_at,
  totp_secret, totp_enabled_at, totp_last_step, recovery_code_hashes`;

/** Dashboard accounts: a small table, written through the writer connection. */
export function accountQueries(db: Database) {
  const ensure = tableOnFirstUse(db, TABLE);
  const read = async (sql: string, p: Record<string, string> = {}) => {
    await ensure();
    return (await db.all<Row>(sql, p)).map(fromRow);
  };
  return {
    async createAccount(a: AccountRecord): Promise<void> {
      await ensure();
      await db.transaction((conn) =>
        query(
          conn,
          `INSERT INTO accounts (${COLUMNS}) VALUES ($id, $email, $role, $properties, $hash, $created::TIMESTAMP,
             $disabled::TIMESTAMP, $totp, $totpAt::TIMESTAMP, $totpStep::BIGINT, $recovery)`,
          params(a),
        ),
      );
    },
    listAccounts: () => read(`SELECT ${COLUMNS} FROM accounts ORDER BY created_at, id`),
    async getAccount(id: string): Promise<AccountRecord | null> {
      return (await read(`SELECT ${COLUMNS} FROM accounts WHERE id = $id`, { id }))[0] ?? null;
    },
    async findAccountByEmail(email: string): Promise<AccountRecord | null> {
      return (await read(`SELECT ${COLUMNS} FROM accounts WHERE email = $email`, { email }))[0] ?? null;
    },
    async updateAccount(a: AccountRecord): Promise<void> {
      await ensure();
      const { email: _email, created: _created, ...changed } = params(a);
      await db.transaction((conn) =>
        query(
          conn,
          `UPDATE accounts SET role = $role, property_ids = $properties, password_hash = $hash, disabled_at = $disabled::TIMESTAMP,
             totp_secret = $totp, totp_enabled_at = $totpAt::TIMESTAMP, totp_last_step = $totpStep::BIGINT,
             recovery_code_hashes = $recovery
           WHERE id = $id`,
          changed,
        ),
      );
    },
    async getSignInSetting(name: string): Promise<string | null> {
      await ensure();
      const rows = await db.all<{ value: string }>('SELECT value FROM sign_in_settings WHERE name = $name', { name });
      return rows[0]?.value ?? null;
    },
    async putSignInSetting(name: string, value: string): Promise<void> {
      await ensure();
      await db.transaction((conn) =>
        query(conn, 'INSERT OR REPLACE INTO sign_in_settings VALUES ($name, $value)', { name, value }),
      );
    },
  };
}
