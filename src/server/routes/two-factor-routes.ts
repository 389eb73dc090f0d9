import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { passwordMatches } from '../auth/passwords.js';
import { confirmEnrolment, useSecondFactor } from '../auth/second-factor.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from '../auth/totp.js';
import { REQUIRE_2FA, twoFactorRequired } from '../auth/two-factor-gate.js';
import { ApiError } from '../api-error.js';
import { RateBudgets } from '../plugins/rate-budgets.js';
import { TWO_FACTOR_OFF } from '../store/account-store.js';
import type { AccountRecord, Store } from '../store/store.js';
import { FAILED_SIGN_INS_PER_ACCOUNT } from './account-session-routes.js';
import { accountSummaryOf } from './account-routes.js';
import { adminPath, parse } from './route-helpers.js';

/**
 * Two-factor sign-in for the signed-in account (enrol, confirm, turn off), the owner's switch that
 * requires it of everyone, and an owner turning it off for another account (a lost phone). Inside the
 * admin routes: session, CSRF token, each route's least role.
 */
export async function twoFactorRoutes(app: FastifyInstance, opts: { store: Store; clock?: () => number }) {
  const { store } = opts;
  // A signed-in session guessing a code or the password pays as a failed sign-in would.
  const failures = new RateBudgets(FAILED_SIGN_INS_PER_ACCOUNT, 50_000, opts.clock);

  /** The signed-in account's record; the printed link's session has none to protect. */
  const own = async (request: FastifyRequest): Promise<AccountRecord> => {
    const account = request.adminAccount && (await store.getAccount(request.adminAccount.id));
    if (!account)
      throw new ApiError(409, 'conflict', 'the one-time link’s session has no account: sign in with an account', {
        field: 'account',
      });
    return account;
  };
  const throttle = (account: AccountRecord) => {
    const wait = failures.waitSeconds(account.id);
    if (wait > 0)
      throw new ApiError(429, 'rate_limited', `too many wrong codes or passwords; retry in ${wait} s`, {
        retry_after_seconds: wait,
      });
  };
  const wrong = (account: AccountRecord, field: 'code' | 'password', what: string) => {
    failures.charge(account.id, 1);
    return new ApiError(400, 'invalid_request', what, { field, in: 'body' });
  };

  app.get(adminPath(admin.twoFactor.path), async (request, reply) => {
    const account = await own(request);
    return reply.header('cache-control', 'no-store').send({
      enabled: account.totp_enabled_at !== null,
      enabled_at: account.totp_enabled_at?.toISOString() ?? null,
      recovery_codes_left: account.totp_enabled_at ? account.recovery_code_hashes.length : 0,
      required: await twoFactorRequired(store),
    });
  });

  app.post(adminPath(admin.startTwoFactor.path), async (request, reply) => {
    const account = await own(request);
    if (account.totp_enabled_at)
      throw new ApiError(409, 'conflict', 'two-factor is on already: turn it off first to use another phone', {
        field: 'two_factor',
      });
    // A new secret each time: one shown before (and perhaps seen by someone else) is never turned on later.
    const secret = newTotpSecret();
    await store.updateAccount({ ...account, ...TWO_FACTOR_OFF, totp_secret: secret });
    const uri = totpUri(secret, account.email);
    const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply.header('cache-control', 'no-store').send({ secret, otpauth_uri: uri, qr_svg: qr });
  });

  app.post(adminPath(admin.confirmTwoFactor.path), async (request, reply) => {
    const { code } = parse(admin.confirmTwoFactor.body, request.body, 'body');
    const account = await own(request);
    throttle(account);
    const codes = newRecoveryCodes();
    const on = await confirmEnrolment(store, account.id, code, codes.map(recoveryCodeHash));
    if (on === 'not_started')
      throw new ApiError(409, 'conflict', 'start again: no two-factor setup is under way', { field: 'two_factor' });
    if (!on) throw wrong(account, 'code', 'that code is not right: check the phone’s time and try the newest code');
    return reply.header('cache-control', 'no-store').send({ enabled: true as const, recovery_codes: codes });
  });

  app.post(adminPath(admin.turnOffTwoFactor.path), async (request) => {
    const body = parse(admin.turnOffTwoFactor.body, request.body, 'body');
    const account = await own(request);
    if (await twoFactorRequired(store))
      throw new ApiError(409, 'conflict', 'two-factor is required for everyone here: an owner can stop requiring it', {
        field: 'two_factor',
      });
    throttle(account);
    if (account.totp_enabled_at) {
      const proven =
        body.code !== undefined
          ? (await useSecondFactor(store, account.id, body.code, { recovery: false })) !== null
          : await passwordMatches(account.password_hash, body.password ?? '');
      if (!proven)
        throw body.code !== undefined
          ? wrong(account, 'code', 'that code is not right (or was used already)')
          : wrong(account, 'password', 'that is not your password');
    }
    // Read again: a code just taken wrote its step, which turning off clears anyway.
    const current = (await store.getAccount(account.id)) ?? account;
    await store.updateAccount({ ...current, ...TWO_FACTOR_OFF });
    return { enabled: false as const };
  });

  app.get(adminPath(admin.twoFactorPolicy.path), async () => ({ required: await twoFactorRequired(store) }));

  app.patch(adminPath(admin.setTwoFactorPolicy.path), async (request) => {
    const { required } = parse(admin.setTwoFactorPolicy.body, request.body, 'body');
    // The owner would otherwise be sent to enrol by its own switch; the printed link's session has no account.
    const self = request.adminAccount && (await store.getAccount(request.adminAccount.id));
    if (required && self && !self.totp_enabled_at)
      throw new ApiError(409, 'conflict', 'turn on two-factor for your own account first', { field: 'required' });
    await store.putSignInSetting(REQUIRE_2FA, required ? 'on' : 'off');
    return { required };
  });

  app.delete(adminPath(admin.resetAccountTwoFactor.path), async (request) => {
    const { id } = parse(admin.resetAccountTwoFactor.params, request.params, 'params');
    const account = await store.getAccount(id);
    if (!account) throw new ApiError(404, 'not_found', `no account with id "${id}"`, { field: 'id' });
    const off = { ...account, ...TWO_FACTOR_OFF };
    await store.updateAccount(off);
    return accountSummaryOf(off);
  });
}
