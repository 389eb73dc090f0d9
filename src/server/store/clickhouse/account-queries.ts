import type { AccountRecord, Store } from '../store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { nextVersion } from './row-versions.js';
import { chTime } from './sql-fragments.js';

type Row = Omit<AccountRecord, 'property_ids' | 'created_at' | 'disabled_at' | 'totp_enabled_at' | 'totp_last_step'> & {
  property_ids: string;
  created_at: string;
  disabled_at: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | string | null;
  version: number;
};

const fromRow = ({ version: _v, ...r }: Row): AccountRecord => ({
  ...r,
  property_ids: JSON.parse(r.property_ids),
  created_at: dateOf(r.created_at),
  disabled_at: r.disabled_at === null ? null : dateOf(r.disabled_at),
  totp_enabled_at: r.totp_enabled_at === null ? null : dateOf(r.totp_enabled_at),
  totp_last_step: r.totp_last_step === null ? null : Number(r.totp_last_step),
});

/**
 * Dashboard accounts on ClickHouse: each change writes the whole record as a new version of a
 * ReplacingMergeTree, read with FINAL, so every server on the database reads the same account. An
 * email is unique as the routes check it before creating (two creates of one email at the same
 * instant on two servers could both pass; `users list` would show both).
 */
export function accountQueries(
  db: ChDb,
): Pick<
  Store,
  | 'createAccount'
  | 'listAccounts'
  | 'getAccount'
  | 'findAccountByEmail'
  | 'updateAccount'
  | 'getSignInSetting'
  | 'putSignInSetting'
> {
  const read = async (where: string, params: Record<string, string>) =>
    (await db.all<Row>(`SELECT * FROM accounts FINAL ${where} ORDER BY created_at, id`, params)).map(fromRow);
  const write = async (a: AccountRecord, version: number) => {
    await db.insert('accounts', [
      {
        ...a,
        property_ids: JSON.stringify(a.property_ids),
        created_at: chTime(a.created_at),
        disabled_at: a.disabled_at && chTime(a.disabled_at),
        totp_enabled_at: a.totp_enabled_at && chTime(a.totp_enabled_at),
        version,
      },
    ]);
  };
  return {
    createAccount: (a) => write(a, nextVersion(null)),
    listAccounts: () => read('', {}),
    async getAccount(id) {
      return (await read('WHERE id = {id:String}', { id }))[0] ?? null;
    },
    async findAccountByEmail(email) {
      return (await read('WHERE email = {email:String}', { email }))[0] ?? null;
    },
    async updateAccount(a) {
      const [current] = await db.all<{ version: number }>('SELECT version FROM accounts FINAL WHERE id = {id:String}', {
        id: a.id,
      });
      await write(a, nextVersion(current ? Number(current.version) : null));
    },
    async getSignInSetting(name) {
      const rows = await db.all<{ value: string }>(
        'SELECT value FROM sign_in_settings FINAL WHERE name = {name:String}',
        {
          name,
        },
      );
      return rows[0]?.value ?? null;
    },
    async putSignInSetting(name, value) {
      const [current] = await db.all<{ version: number }>(
        'SELECT version FROM sign_in_settings FINAL WHERE name = {name:String}',
        { name },
      );
      await db.insert('sign_in_settings', [
        { name, value, version: nextVersion(current ? Number(current.version) : null) },
      ]);
    },
  };
}
