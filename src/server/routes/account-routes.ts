import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleAtLeast, type AccountSummary } from '../../contract/accounts.js';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { accountSees } from '../auth/account-access.js';
import { createAccount, issueAccountToken, setPasswordLink } from '../auth/account-links.js';
import { ApiError } from '../api-error.js';
import type { AccountRecord, Store } from '../store/store.js';
import { invitationMail } from '../mail/account-mail.js';
import { noMailer, type Mailer } from '../mail/mailer.js';
import { adminPath, parse } from './route-helpers.js';

/** `linkExpiry`: when the account's newest link runs out; an invitation whose link ran out has expired. */
export const accountSummaryOf = (a: AccountRecord, linkExpiry?: Date, now = new Date()): AccountSummary => ({
  id: a.id,
  email: a.email,
  role: a.role,
  property_ids: a.property_ids,
  state: a.disabled_at
    ? 'disabled'
    : a.password_hash
      ? 'active'
      : linkExpiry && linkExpiry > now
        ? 'invited'
        : 'expired',
  created_at: a.created_at.toISOString(),
  two_factor: a.totp_enabled_at !== null,
});

/** An owner who can sign in now: an invited owner (no password yet) does not keep the installation open. */
const isActiveOwner = (a: AccountRecord) => a.role === 'owner' && a.password_hash !== null && !a.disabled_at;

/**
 * The Team page's accounts (issue 43 §1–3), inside the admin routes (session, CSRF, each route's
 * least role). An admin invites up to admins; only an owner makes owners, changes or disables an
 * account, or makes a new link for one. No change may leave the installation without an active owner.
 */
export async function accountRoutes(
  app: FastifyInstance,
  opts: {
    store: Store;
    linkBase: (request: FastifyRequest) => string;
    /** With SMTP_URL, the link is also mailed to the account, on the mailed links' own base (never a request's Host). */
    mail?: { mailer: Mailer; linkBase: string };
  },
) {
  const { store } = opts;
  const mailer = opts.mail?.mailer ?? noMailer;
  const notFound = (id: string) => new ApiError(404, 'not_found', `no account with id "${id}"`, { field: 'id' });
  const linkReply = async (request: FastifyRequest, account: AccountRecord, token: string, expiresAt: Date) => ({
    account: accountSummaryOf(account, expiresAt),
    link: setPasswordLink(opts.linkBase(request), token),
    expires_at: expiresAt.toISOString(),
    // Sending is bounded in time and never throws: a failed send is logged and the link is there to copy.
    mailed:
      mailer.configured &&
      (await mailer.send(invitationMail(account.email, setPasswordLink(opts.mail!.linkBase, token), expiresAt))),
  });

  app.get(adminPath(admin.auditLog.path), async (request) => {
    const q = parse(admin.auditLog.query, request.query, 'query');
    if (q.before_id !== undefined && !q.before)
      throw new ApiError(400, 'invalid_request', 'before_id: only with before (the same entry’s at)', {
        field: 'before_id',
        in: 'query',
      });
    const rows = await store.listAudit({
      limit: q.limit,
      ...(q.before ? { before: new Date(q.before) } : {}),
      ...(q.before_id !== undefined ? { beforeId: q.before_id } : {}),
    });
    return { data: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
  });

  app.get(adminPath(admin.accounts.path), async () => {
    const [accounts, expiries] = await Promise.all([store.listAccounts(), store.accountLinkExpiries()]);
    return { data: accounts.map((a) => accountSummaryOf(a, expiries.get(a.id))) };
  });

  app.post(adminPath(admin.inviteAccount.path), async (request, reply) => {
    const body = parse(admin.inviteAccount.body, request.body, 'body');
    const inviter = request.adminAccount;
    if (body.role === 'owner' && !roleAtLeast(request.adminRole, 'owner'))
      throw new ApiError(403, 'forbidden', 'only an owner can invite an owner', {
        field: 'role',
        role: request.adminRole,
      });
    const properties = body.property_ids ?? [];
    // A scoped inviter gives no more than it has: some of its own properties, never all of them.
    if (inviter && inviter.property_ids.length > 0) {
      const outside = properties.filter((id) => !accountSees(inviter, id));
      if (properties.length === 0 || outside.length > 0)
        throw new ApiError(403, 'forbidden', 'an account limited to some properties invites only to some of those', {
          field: 'property_ids',
          property_ids: outside,
        });
    }
    const made = await createAccount(store, { email: body.email, role: body.role, property_ids: properties });
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send(await linkReply(request, made.account, made.token, made.expiresAt));
  });

  app.post(adminPath(admin.accountLink.path), async (request, reply) => {
    const { id } = parse(admin.accountLink.params, request.params, 'params');
    const account = await store.getAccount(id);
    if (!account) throw notFound(id);
    if (account.disabled_at)
      throw new ApiError(409, 'conflict', 'the account is disabled: enable it first', { field: 'id' });
    const { token, expiresAt } = await issueAccountToken(store, account.id);
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send(await linkReply(request, account, token, expiresAt));
  });

  app.patch(adminPath(admin.updateAccount.path), async (request) => {
    const { id } = parse(admin.updateAccount.params, request.params, 'params');
    const body = parse(admin.updateAccount.body, request.body, 'body');
    const all = await store.listAccounts();
    const account = all.find((a) => a.id === id);
    if (!account) throw notFound(id);
    if (body.property_ids) {
      const found = new Set((await store.getProperties(body.property_ids)).map((p) => p.id));
      const missing = body.property_ids.filter((p) => !found.has(p));
      if (missing.length > 0)
        throw new ApiError(400, 'invalid_request', `property_ids: no such property: ${missing.join(', ')}`, {
          field: 'property_ids',
          in: 'body',
          property_ids: missing,
        });
    }
    const changed: AccountRecord = {
      ...account,
      role: body.role ?? account.role,
      property_ids: body.property_ids ?? account.property_ids,
      disabled_at:
        body.disabled === undefined ? account.disabled_at : body.disabled ? (account.disabled_at ?? new Date()) : null,
    };
    if (isActiveOwner(account) && !isActiveOwner(changed) && !all.some((a) => a.id !== id && isActiveOwner(a)))
      throw new ApiError(409, 'conflict', 'this is the last active owner: make another owner first', { field: 'id' });
    await store.updateAccount(changed);
    if (changed.disabled_at && !account.disabled_at) await store.deleteAccountSessions(id);
    return accountSummaryOf(changed, (await store.accountLinkExpiries()).get(id));
  });
}
