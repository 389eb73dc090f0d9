import type { AccountRecord } from '../account-store.js';
import { query, ts, type Database } from './database.js';

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
);`;

type Row = Omit<AccountRecord, 'property_ids'> & { property_ids: string };
const fromRow = (r: Row): AccountRecord => ({ ...r, property_ids: JSON.parse(r.property_ids) });
const params = (a: AccountRecord) => ({
  id: a.id,
  email: a.email,
  role: a.role,
  properties: JSON.stringify(a.property_ids),
  hash: a.password_hash,
  created: ts(a.created_at),
  disabled: a.disabled_at && ts(a.disabled_at),
});

/** Dashboard accounts: a small table, written through the writer connection. */
export function accountQueries(db: Database) {
  let ready: Promise<unknown> | undefined;
  const ensure = () =>
    (ready ??= db
      .transaction((conn) => conn.run(TABLE))
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
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
          `INSERT INTO accounts VALUES ($id, $email, $role, $properties, $hash, $created::TIMESTAMP, $disabled::TIMESTAMP)`,
          params(a),
        ),
      );
    },
    listAccounts: () => read('SELECT * FROM accounts ORDER BY created_at, id'),
    async getAccount(id: string): Promise<AccountRecord | null> {
      return (await read('SELECT * FROM accounts WHERE id = $id', { id }))[0] ?? null;
    },
    async findAccountByEmail(email: string): Promise<AccountRecord | null> {
      return (await read('SELECT * FROM accounts WHERE email = $email', { email }))[0] ?? null;
    },
    async updateAccount(a: AccountRecord): Promise<void> {
      await ensure();
      const { email: _email, created: _created, ...changed } = params(a);
      await db.transaction((conn) =>
        query(
          conn,
          `UPDATE accounts SET role = $role, property_ids = $properties, password_hash = $hash, disabled_at = $disabled::TIMESTAMP
           WHERE id = $id`,
          changed,
        ),
      );
    },
  };
}
