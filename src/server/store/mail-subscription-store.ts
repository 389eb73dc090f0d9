/** How often an account gets a property's digest by email (issue 43 §5). */
export const digestCadences = ['off', 'weekly', 'monthly'] as const;
export type DigestCadence = (typeof digestCadences)[number];

/** One account's email reports for one property (docs/mail.md). */
export interface MailSubscriptionRecord {
  account_id: string;
  property_id: string;
  digest: DigestCadence;
  spike_alert: boolean;
  /**
   * The secret of the unsubscribe link every message carries: it only turns this subscription off, so
   * it is kept as it is (a hash would need a new token per message) and never shown in the dashboard.
   */
  unsubscribe_token: string;
  /** The last digest period sent (`2026-W49`, `2026-11`): a restart, or a second tick, does not send it again. */
  last_digest_period: string | null;
  /** The property-local day of the last spike alert (`2026-12-07`): at most one a day. */
  last_spike_day: string | null;
  updated_at: Date;
}

export interface MailSubscriptionStore {
  /** Every subscription, or one account's. */
  listMailSubscriptions(accountId?: string): Promise<MailSubscriptionRecord[]>;
  /** The subscription an unsubscribe link's token belongs to. */
  mailSubscriptionByToken(token: string): Promise<MailSubscriptionRecord | null>;
  /** Writes the whole record of (account_id, property_id), creating it when new. */
  putMailSubscription(r: MailSubscriptionRecord): Promise<void>;
}
