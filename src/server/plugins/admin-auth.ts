import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hashKey } from '../auth/api-keys.js';
import { parseCookies, SESSION_COOKIE } from '../auth/sign-in.js';
import { ApiError } from '../errors.js';
import type { Store } from '../store/store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the request carries a live admin session cookie. */
    admin: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session id in the request's cookie, if it has the shape of one. */
export function sessionIdOf(cookieHeader: string | undefined): string | null {
  const id = parseCookies(cookieHeader)[SESSION_COOKIE];
  return id && /^[0-9A-Za-z]{20,64}$/.test(id) ? id : null;
}

/** Sets `request.admin` on API requests with a valid `sl_session` cookie (`prefixes`: where it is read). */
export const adminAuthPlugin = fp(async (app: FastifyInstance, opts: { store: Store; prefixes: string[] }) => {
  app.decorateRequest('admin', false);
  app.addHook('onRequest', async (request) => {
    if (!opts.prefixes.some((p) => request.url.startsWith(p))) return;
    const id = sessionIdOf(request.headers.cookie);
    if (!id || !(await opts.store.adminSessionValid(hashKey(id), new Date()))) return;
    request.admin = true;
    // SameSite=Strict already keeps the cookie off cross-site requests; a form or beacon cannot send
    // JSON without a CORS preflight, so requiring it is a second lock on every cookie-borne write.
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      throw new ApiError(415, 'invalid_request', 'signed-in requests that change something must send content-type: application/json', { field: 'content-type' });
    }
  });
});
