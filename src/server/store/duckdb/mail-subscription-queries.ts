import type { MailSubscriptionRecord } from '../mail-subscription-store.js';
import { query, ts, type Database } from './database.js';
import { tableOnFirstUse } from './table-on-first-use.js';

// Created on first use, as the accounts table is, so older stores gain it too.
const TABLE = `
CREATE TABLE IF NOT EXISTS mail_subscriptions (
  account_id VARCHAR NOT NULL,
  property_id VARCHAR NOT NULL,
  digest VARCHAR NOT NULL,
  spike_alert BOOLEAN NOT NULL,
  unsubscribe_token VARCHAR NOT NULL,
  last_digest_period VARCHAR,
  last_spike_day VARCHAR,
  updated_at TIMESTAMP NOT NULL,
  PRIMARY KEY (account_id, property_id)
);`;

/** Email report subscriptions: a small table, written through the writer connection. */
export function mailSubscriptionQueries(db: Database) {
  const ensure = tableOnFirstUse(db, TABLE);
  const read = async (where: string, p: Record<string, string> = {}) => {
    await ensure();
    return db.all<MailSubscriptionRecord>(
      `SELECT * FROM mail_subscriptions ${where} ORDER BY account_id, property_id`,
      p,
    );
  };
  return {
    listMailSubscriptions: (accountId?: string) =>
      accountId ? read('WHERE account_id = $account', { account: accountId }) : read(''),
    async mailSubscriptionByToken(token: string): Promise<MailSubscriptionRecord | null> {
      return (await read('WHERE unsubscribe_token = $token', { token }))[0] ?? null;
    },
    async putMailSubscription(r: MailSubscriptionRecord): Promise<void> {
      await ensure();
      await db.transaction((conn) =>
        query(
          conn,
          `INSERT INTO mail_subscriptions
           VALUES ($account, $property, $digest, $spike, $token, $period, $day, $updated::TIMESTAMP)
           ON CONFLICT (account_id, property_id) DO UPDATE SET digest = excluded.digest,
             spike_alert = excluded.spike_alert, unsubscribe_token = excluded.unsubscribe_token,
             last_digest_period = excluded.last_digest_period, last_spike_day = excluded.last_spike_day,
             updated_at = excluded.updated_at`,
          {
            account: r.account_id,
            property: r.property_id,
            digest: r.digest,
            spike: r.spike_alert,
            token: r.unsubscribe_token,
            period: r.last_digest_period,
            day: r.last_spike_day,
            updated: ts(r.updated_at),
          },
        ),
      );
    },
  };
}
