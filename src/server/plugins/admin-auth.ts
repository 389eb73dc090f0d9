import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hashKey } from '../auth/api-keys.js';
import { CSRF_HEADER, csrfTokenMatches, fromAnotherOrigin } from '../auth/csrf.js';
import { parseCookies, SESSION_COOKIE } from '../auth/sign-in.js';
import { ApiError } from '../api-error.js';
import type { Store } from '../store/store.js';
import type { AccountRole, SessionAccount } from '../../contract/accounts.js';
import { sessionAccountOf } from '../auth/account-access.js';
import { allowedBeforeEnrolment, twoFactorRequired } from '../auth/two-factor-gate.js';
import { TWO_FACTOR_REQUIRED } from '../../contract/two-factor.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the request carries a live admin session cookie. */
    admin: boolean;
    /** The admin session's id (the cookie's value) when `admin` is true. */
    adminSessionId: string | null;
    /** The signed-in account; null for a session from the printed sign-in link (before any owner exists). */
    adminAccount: SessionAccount | null;
    /** What the session may do: its account's role; the printed link's session is an owner's. */
    adminRole: AccountRole;
    /** Two-factor is required and the account has not turned it on: only enrolment answers (two-factor-gate.ts). */
    mustEnrolTwoFactor: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session id in the request's cookie, if it has the shape of one. */
export function sessionIdOf(cookieHeader: string | undefined): string | null {
  const id = parseCookies(cookieHeader)[SESSION_COOKIE];
  return id && /^[0-9A-Za-z]{20,64}$/.test(id) ? id : null;
}

/**
 * Sets `request.admin` on API requests with a valid `sl_session` cookie (`prefixes`: where it is read).
 * One rule decides who a request is: with an `Authorization` header, its key alone (api-auth.ts), and
 * the cookie is not even looked at; without one, the cookie — and then only for this origin's own
 * pages, and for a write only with the session's CSRF token.
 */
export const adminAuthPlugin = fp(async (app: FastifyInstance, opts: { store: Store; prefixes: string[] }) => {
  app.decorateRequest('admin', false);
  app.decorateRequest('adminSessionId', null);
  app.decorateRequest('adminAccount', null);
  app.decorateRequest('adminRole', 'viewer');
  app.decorateRequest('mustEnrolTwoFactor', false);
  app.addHook('onRequest', async (request) => {
    if (!opts.prefixes.some((p) => request.url.startsWith(p))) return;
    if (request.headers.authorization !== undefined) return;
    const id = sessionIdOf(request.headers.cookie);
    if (!id) return;
    const write = !SAFE_METHODS.has(request.method);
    if (fromAnotherOrigin(request)) {
      // Cookies ignore ports: a page on another port of this host (the demo site, a customer's page
      // proxied here) sends this cookie too. It speaks for nobody there; a write says why it failed.
      if (write)
        throw new ApiError(403, 'forbidden', 'a request from another origin cannot use the dashboard session', {
          field: 'origin',
        });
      return;
    }
    const session = await opts.store.adminSession(hashKey(id), new Date());
    if (!session) return;
    if (session.account_id !== null) {
      // A disabled or removed account's sessions speak for nobody, wherever they were opened.
      const account = await opts.store.getAccount(session.account_id);
      if (!account || account.disabled_at) return;
      request.adminAccount = sessionAccountOf(account);
      request.adminRole = account.role;
      request.mustEnrolTwoFactor = !account.totp_enabled_at && (await twoFactorRequired(opts.store));
    } else {
      request.adminRole = 'owner';
    }
    request.admin = true;
    request.adminSessionId = id;
    if (request.mustEnrolTwoFactor && !allowedBeforeEnrolment(request.method, request.routeOptions.url))
      throw new ApiError(
        403,
        TWO_FACTOR_REQUIRED,
        'two-factor sign-in is required here: turn it on (Account, Security) before anything else',
        { field: 'two_factor' },
      );
    if (!write) return;
    // A form or beacon cannot send JSON without a CORS preflight, which this origin never grants.
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      throw new ApiError(
        415,
        'invalid_request',
        'signed-in requests that change something must send content-type: application/json',
        { field: 'content-type' },
      );
    }
    if (!csrfTokenMatches(id, request.headers[CSRF_HEADER])) {
      throw new ApiError(
        403,
        'forbidden',
        `signed-in requests that change something must send the session's ${CSRF_HEADER} header (GET /api/admin/v1/session gives it)`,
        { field: CSRF_HEADER },
      );
    }
  });
});
