import type { FastifyInstance } from 'fastify';
import { csrfTokenFor } from '../auth/csrf.js';
import { issueSignInToken } from '../auth/sign-in.js';
import type { Store } from '../store/store.js';

/** Opens a one-time sign-in link as a browser would; the session cookie's value. */
export async function signInAdmin(app: FastifyInstance, store: Store): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/sign-in?token=${await issueSignInToken(store)}` });
  const cookie = /^sl_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];
  if (!cookie) throw new Error(`sign-in gave no cookie (${res.statusCode})`);
  return cookie;
}

/** One admin API call as the dashboard makes it: the session cookie, JSON, and the CSRF token on writes. */
export async function adminCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie: `theme=dark; sl_session=${cookie}` } : {}),
      ...(payload !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}),
      ...(cookie && method !== 'GET' ? { 'x-csrf-token': csrfTokenFor(cookie) } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  // Tests read bodies loosely (`any`), parsing with the contract where it matters.
  let body: any = res.body;
  try {
    body = res.json();
  } catch {
    // text stays text
  }
  return { status: res.statusCode, headers: res.headers, body };
}

export const ADMIN = '/api/admin/v1';

/** signInAdmin and adminCall on the app of `env()`: a test file's env, made anew before each test. */
export function adminClient(env: () => { app: FastifyInstance; store: Store }) {
  return {
    signIn: () => signInAdmin(env().app, env().store),
    call: (
      method: Parameters<typeof adminCall>[1],
      url: string,
      cookie: string | null,
      payload?: unknown,
      headers?: Record<string, string>,
    ) => adminCall(env().app, method, url, cookie, payload, headers),
  };
}
