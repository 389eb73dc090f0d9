import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { finishPendingSignIn, PENDING_COOKIE, pendingCookie, pendingSignInAccount } from '../auth/pending-sign-in.js';
import { useSecondFactor } from '../auth/second-factor.js';
import { parseCookies } from '../auth/sign-in.js';
import { ApiError } from '../api-error.js';
import type { RateBudgets } from '../plugins/rate-budgets.js';
import type { AccountRecord, Store } from '../store/store.js';
import { adminPath, parse } from './route-helpers.js';

const EXPIRED = 'this sign-in has expired or was used: sign in with your password again';

/**
 * The code step of signing in (open, inside accountSessionRoutes' origin and JSON checks): the pending
 * cookie the password step set, and the app's code or a recovery code, make the session. A wrong
 * code is paid from the same budgets as a wrong password (per account and per address).
 */
export function secondFactorRoute(
  app: FastifyInstance,
  opts: {
    store: Store;
    byAddress: RateBudgets;
    byAccount: RateBudgets;
    refuse: (reply: FastifyReply, wait: number, what: string) => ApiError;
    signInAs: (account: AccountRecord, request: FastifyRequest, reply: FastifyReply, cookies: string[]) => unknown;
  },
) {
  const { store, byAddress, byAccount } = opts;
  app.post(adminPath(admin.signInSecondFactor.path), async (request, reply) => {
    const { code } = parse(admin.signInSecondFactor.body, request.body, 'body');
    const token = parseCookies(request.headers.cookie)[PENDING_COOKIE] ?? '';
    const address = normalizeIP(request.ip);
    const addressWait = byAddress.waitSeconds(address);
    if (addressWait > 0) throw opts.refuse(reply, addressWait, 'from this address');
    const id = await pendingSignInAccount(store, token);
    const account = id ? await store.getAccount(id) : null;
    if (!account || account.disabled_at || !account.totp_enabled_at)
      throw new ApiError(401, 'unauthorized', EXPIRED, { field: 'cookie' });
    const accountWait = byAccount.waitSeconds(account.email);
    if (accountWait > 0) throw opts.refuse(reply, accountWait, 'for this account');
    const used = await useSecondFactor(store, account.id, code, { recovery: true });
    if (!used) {
      byAddress.charge(address, 1);
      byAccount.charge(account.email, 1);
      throw new ApiError(401, 'unauthorized', 'that code is not right (or was used already)', { field: 'code' });
    }
    if (!(await finishPendingSignIn(store, token)))
      throw new ApiError(401, 'unauthorized', EXPIRED, { field: 'cookie' });
    const clear = pendingCookie('', { secure: request.protocol === 'https', maxAgeSeconds: 0 });
    return opts.signInAs(used, request, reply, [clear]);
  });
}
