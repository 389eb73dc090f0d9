import { randomBytes } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { sessionAccountOf } from '../auth/account-access.js';
import { base62, hashKey } from '../auth/api-keys.js';
import { fromAnotherOrigin } from '../auth/csrf.js';
import { decoyHash, hashPassword, passwordMatches } from '../auth/passwords.js';
import { issuePendingSignIn, PENDING_SIGN_IN_TTL_MS, pendingCookie } from '../auth/pending-sign-in.js';
import { SESSION_TTL_MS, sessionCookie } from '../auth/sign-in.js';
import { ApiError } from '../api-error.js';
import { RateBudgets } from '../plugins/rate-budgets.js';
import type { AccountRecord, Store } from '../store/store.js';
import { adminPath, parse } from './route-helpers.js';
import { secondFactorRoute } from './second-factor-route.js';
import { passwordResetRoutes } from './password-reset-routes.js';
import type { Mailer } from '../mail/mailer.js';

/** Failed sign-ins a minute an address may make, and an account may receive, before 429 (docs/decisions.md, "Accounts"). */
export const FAILED_SIGN_INS_PER_ADDRESS = 20;
export const FAILED_SIGN_INS_PER_ACCOUNT = 5;
/** Requests a minute an address may make to these open routes at all, failed or not. */
export const OPEN_REQUESTS_PER_ADDRESS = 60;

const WRONG = 'wrong email or password';

/**
 * The dashboard's open session routes (no session needed): sign in with email and password, and use
 * a set-password link. Both refuse a request from another origin and any body but JSON, so another
 * site can neither sign a visitor in to an account of its choosing nor post a form here.
 */
export async function accountSessionRoutes(
  app: FastifyInstance,
  opts: { store: Store; clock?: () => number; mail?: { mailer: Mailer; linkBase: string } },
) {
  const { store } = opts;
  const byAddress = new RateBudgets(FAILED_SIGN_INS_PER_ADDRESS, 50_000, opts.clock);
  const byAccount = new RateBudgets(FAILED_SIGN_INS_PER_ACCOUNT, 50_000, opts.clock);
  const anyRequest = new RateBudgets(OPEN_REQUESTS_PER_ADDRESS, 50_000, opts.clock);

  app.addHook('onRequest', async (request, reply) => {
    // Open to anyone, so every request pays, whatever it asks: a link lookup reads the store, a
    // sign-in hashes a password.
    const address = normalizeIP(request.ip);
    const wait = anyRequest.waitSeconds(address);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new ApiError(429, 'rate_limited', `too many requests from this address; retry in ${wait} s`, {
        limit: OPEN_REQUESTS_PER_ADDRESS,
        retry_after_seconds: wait,
      });
    }
    anyRequest.charge(address, 1);
    if (request.method !== 'POST') return;
    if (fromAnotherOrigin(request))
      throw new ApiError(403, 'forbidden', 'sign in from the dashboard’s own pages', { field: 'origin' });
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json')
      throw new ApiError(415, 'invalid_request', 'send content-type: application/json', { field: 'content-type' });
  });

  /** Opens a session for the account and sets its cookie (and any `more` cookies). */
  const signInAs = async (
    account: AccountRecord,
    request: FastifyRequest,
    reply: FastifyReply,
    more: string[] = [],
  ) => {
    const sessionId = base62(randomBytes(32));
    await store.createAdminSession(hashKey(sessionId), new Date(Date.now() + SESSION_TTL_MS), account.id);
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', [
        sessionCookie(sessionId, { secure: request.protocol === 'https', maxAgeSeconds: SESSION_TTL_MS / 1000 }),
        ...more,
      ])
      .send({ signed_in: true as const, account: sessionAccountOf(account) });
  };

  const refuse = (reply: FastifyReply, wait: number, what: string) => {
    reply.header('retry-after', String(wait));
    return new ApiError(429, 'rate_limited', `too many failed sign-ins ${what}; retry in ${wait} s`, {
      retry_after_seconds: wait,
    });
  };

  app.post(adminPath(admin.signIn.path), async (request, reply) => {
    const body = parse(admin.signIn.body, request.body, 'body');
    const address = normalizeIP(request.ip);
    const addressWait = byAddress.waitSeconds(address);
    if (addressWait > 0) throw refuse(reply, addressWait, 'from this address');
    const accountWait = byAccount.waitSeconds(body.email);
    if (accountWait > 0) throw refuse(reply, accountWait, 'for this account');
    const account = await store.findAccountByEmail(body.email);
    // The same work whether the email is known or not, so timing does not tell which.
    const matches = await passwordMatches(account?.password_hash ?? (await decoyHash()), body.password);
    if (!account || !matches || account.disabled_at) {
      byAddress.charge(address, 1);
      byAccount.charge(body.email, 1);
      throw new ApiError(401, 'unauthorized', account?.disabled_at && matches ? 'this account is disabled' : WRONG, {
        field: 'password',
      });
    }
    // Two-factor on: no session yet, only the code step's cookie (second-factor-route.ts).
    if (account.totp_enabled_at) {
      const { token, expiresAt } = await issuePendingSignIn(store, account.id);
      const maxAgeSeconds = PENDING_SIGN_IN_TTL_MS / 1000;
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', pendingCookie(token, { secure: request.protocol === 'https', maxAgeSeconds }))
        .send({ signed_in: false as const, second_factor: 'totp' as const, expires_at: expiresAt.toISOString() });
    }
    return signInAs(account, request, reply);
  });

  secondFactorRoute(app, { store, byAddress, byAccount, refuse, signInAs });

  /** The account a live set-password token is for, or 404 (unknown, used, expired, or a disabled account). */
  const tokenAccount = async (token: string): Promise<AccountRecord> => {
    const id = await store.accountTokenAccount(hashKey(token), new Date());
    const account = id ? await store.getAccount(id) : null;
    if (!account || account.disabled_at)
      throw new ApiError(404, 'not_found', 'this link is used or expired: ask an owner for a new one', {
        field: 'token',
      });
    return account;
  };

  app.get(adminPath(admin.passwordLink.path), async (request, reply) => {
    const { token } = parse(admin.passwordLink.params, request.params, 'params');
    const account = await tokenAccount(token);
    return reply.header('cache-control', 'no-store').send({ email: account.email });
  });

  app.post(adminPath(admin.setPassword.path), async (request, reply) => {
    const body = parse(admin.setPassword.body, request.body, 'body');
    const account = await tokenAccount(body.token);
    if (!(await store.consumeSignInToken(hashKey(body.token), new Date())))
      throw new ApiError(404, 'not_found', 'this link is used or expired: ask an owner for a new one', {
        field: 'token',
      });
    const updated = { ...account, password_hash: await hashPassword(body.password) };
    await store.updateAccount(updated);
    // A new password ends every session the old one opened.
    await store.deleteAccountSessions(account.id);
    return signInAs(updated, request, reply);
  });

  // "Forgot password?" shares this plugin's guards: the per-address budget, same origin, JSON only.
  await passwordResetRoutes(app, { store, clock: opts.clock, mail: opts.mail });
}
