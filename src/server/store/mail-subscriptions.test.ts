import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSubscriptionRecord, Store } from './store.js';
import { openTestStore } from '../test-support/test-store.js';

// Email report subscriptions as both stores keep them (docs/mail.md): one record per account and
// property, written whole, found by its unsubscribe token.

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

const sub = (over: Partial<MailSubscriptionRecord>): MailSubscriptionRecord => ({
  account_id: 'acc_1',
  property_id: 'site-a',
  digest: 'weekly',
  spike_alert: false,
  unsubscribe_token: 'tokenOfAccount1SiteA000000',
  last_digest_period: null,
  last_spike_day: null,
  updated_at: new Date('2026-12-01T10:00:00.000Z'),
  ...over,
});

describe('mail subscriptions', () => {
  it('are written whole, one per account and property, and read back as written', async () => {
    await store.putMailSubscription(sub({}));
    await store.putMailSubscription(
      sub({ property_id: 'site-b', unsubscribe_token: 'tokenOfAccount1SiteB000000', spike_alert: true }),
    );
    await store.putMailSubscription(sub({ account_id: 'acc_2', unsubscribe_token: 'tokenOfAccount2SiteA000000' }));
    const changed = sub({
      digest: 'monthly',
      last_digest_period: '2026-11',
      last_spike_day: '2026-12-07',
      updated_at: new Date('2026-12-07T08:00:00.000Z'),
    });
    await store.putMailSubscription(changed);
    expect(await store.listMailSubscriptions('acc_1')).toEqual([
      changed,
      sub({ property_id: 'site-b', unsubscribe_token: 'tokenOfAccount1SiteB000000', spike_alert: true }),
    ]);
    expect((await store.listMailSubscriptions()).map((s) => `${s.account_id} ${s.property_id}`)).toEqual([
      'acc_1 site-a',
      'acc_1 site-b',
      'acc_2 site-a',
    ]);
  });

  it('are found by their unsubscribe token', async () => {
    expect((await store.mailSubscriptionByToken('tokenOfAccount2SiteA000000'))?.account_id).toBe('acc_2');
    expect(await store.mailSubscriptionByToken('noSuchToken000000000000000')).toBeNull();
  });
});
