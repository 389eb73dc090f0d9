import type { MailSubscriptionRecord, Store } from '../store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { nextVersion } from './row-versions.js';
import { chTime } from './sql-fragments.js';

type Row = Omit<MailSubscriptionRecord, 'spike_alert' | 'updated_at'> & {
  spike_alert: number | boolean;
  updated_at: string;
  version: number;
};

const fromRow = ({ version: _v, ...r }: Row): MailSubscriptionRecord => ({
  ...r,
  spike_alert: Boolean(Number(r.spike_alert)),
  updated_at: dateOf(r.updated_at),
});

/**
 * Email report subscriptions on ClickHouse: each change writes the whole record as a new version of a
 * ReplacingMergeTree (as accounts do), read with FINAL.
 */
export function mailSubscriptionQueries(
  db: ChDb,
): Pick<Store, 'listMailSubscriptions' | 'mailSubscriptionByToken' | 'putMailSubscription'> {
  const read = async (where: string, params: Record<string, string>) =>
    (await db.all<Row>(`SELECT * FROM mail_subscriptions FINAL ${where} ORDER BY account_id, property_id`, params)).map(
      fromRow,
    );
  return {
    listMailSubscriptions: (accountId) =>
      accountId ? read('WHERE account_id = {account:String}', { account: accountId }) : read('', {}),
    async mailSubscriptionByToken(token) {
      return (await read('WHERE unsubscribe_token = {token:String}', { token }))[0] ?? null;
    },
    async putMailSubscription(r) {
      const [current] = await db.all<{ version: number }>(
        'SELECT version FROM mail_subscriptions FINAL WHERE account_id = {a:String} AND property_id = {p:String}',
        { a: r.account_id, p: r.property_id },
      );
      await db.insert('mail_subscriptions', [
        {
          ...r,
          spike_alert: r.spike_alert ? 1 : 0,
          updated_at: chTime(r.updated_at),
          version: nextVersion(current ? Number(current.version) : null),
        },
      ]);
    },
  };
}
