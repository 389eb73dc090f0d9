import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import type { MailSubscription } from '../../contract/mail-reports.js';
import { accountSees } from '../auth/account-access.js';
import { base62 } from '../auth/api-keys.js';
import { ApiError } from '../api-error.js';
import type { MailSubscriptionRecord, Store } from '../store/store.js';
import { adminPath, parse } from './route-helpers.js';

const toApi = (r: Pick<MailSubscriptionRecord, 'property_id' | 'digest' | 'spike_alert'>): MailSubscription => ({
  property_id: r.property_id,
  digest: r.digest,
  spike_alert: r.spike_alert,
});

/** A subscription never chosen: nothing is mailed. Its token is made now, so every stored one has its own. */
export const newSubscription = (accountId: string, propertyId: string): MailSubscriptionRecord => ({
  account_id: accountId,
  property_id: propertyId,
  digest: 'off',
  spike_alert: false,
  unsubscribe_token: base62(randomBytes(24)),
  last_digest_period: null,
  last_spike_day: null,
  updated_at: new Date(),
});

/**
 * The signed-in account's own email reports (issue 43 §5), inside the admin routes: any role may get
 * the reports of the properties it sees (a property it does not see is a 404 there).
 */
export async function mailSubscriptionRoutes(app: FastifyInstance, opts: { store: Store; mailConfigured: boolean }) {
  const { store } = opts;
  const accountOf = (request: FastifyRequest) => {
    if (!request.adminAccount)
      throw new ApiError(409, 'conflict', 'email reports belong to an account: sign in with yours', {
        field: 'account',
      });
    return request.adminAccount;
  };

  app.get(adminPath(admin.mailSubscriptions.path), async (request) => {
    const account = request.adminAccount;
    const mine = account ? await store.listMailSubscriptions(account.id) : [];
    const byProperty = new Map(mine.map((s) => [s.property_id, s]));
    const visible = (await store.listProperties()).filter((p) => accountSees(account, p.id));
    return {
      mail_configured: opts.mailConfigured,
      data: visible.map((p) => toApi(byProperty.get(p.id) ?? { property_id: p.id, digest: 'off', spike_alert: false })),
    };
  });

  app.patch(adminPath(admin.updateMailSubscription.path), async (request) => {
    const { id } = parse(admin.updateMailSubscription.params, request.params, 'params');
    const body = parse(admin.updateMailSubscription.body, request.body, 'body');
    const account = accountOf(request);
    if ((await store.getProperties([id])).length === 0)
      throw new ApiError(404, 'not_found', `no property with id "${id}"`, { field: 'id' });
    const current =
      (await store.listMailSubscriptions(account.id)).find((s) => s.property_id === id) ??
      newSubscription(account.id, id);
    const changed: MailSubscriptionRecord = {
      ...current,
      digest: body.digest ?? current.digest,
      spike_alert: body.spike_alert ?? current.spike_alert,
      updated_at: new Date(),
    };
    await store.putMailSubscription(changed);
    return toApi(changed);
  });
}
