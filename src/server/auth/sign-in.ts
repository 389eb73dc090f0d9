import { randomBytes } from 'node:crypto';
import type { Store } from '../store/store.js';
import { base62, hashKey } from './api-keys.js';

export const SIGN_IN_TOKEN_TTL_MS = 24 * 3_600_000;
export const SESSION_TTL_MS = 30 * 86_400_000;
export const SESSION_COOKIE = 'sl_session';

type TokenStore = Pick<Store, 'createSignInToken' | 'consumeSignInToken' | 'createAdminSession'>;

/** A new one-time sign-in token (32 random bytes, base62); only its hash is stored, valid 24 h. */
export async function issueSignInToken(store: Pick<Store, 'createSignInToken'>, now = new Date()): Promise<string> {
  const token = base62(randomBytes(32));
  await store.createSignInToken(hashKey(token), new Date(now.getTime() + SIGN_IN_TOKEN_TTL_MS));
  return token;
}

/** Uses up the token and opens an admin session; the session id (cookie value), or null for a bad token. */
export async function redeemSignInToken(store: TokenStore, token: string, now = new Date()): Promise<string | null> {
  if (!/^[0-9A-Za-z]{20,64}$/.test(token)) return null;
  if (!(await store.consumeSignInToken(hashKey(token), now))) return null;
  const sessionId = base62(randomBytes(32));
  await store.createAdminSession(hashKey(sessionId), new Date(now.getTime() + SESSION_TTL_MS));
  return sessionId;
}

/** The sign-in address on `base` (a wildcard listen address is shown as localhost). */
export function signInLink(base: string, token: string): string {
  const origin = base.replace(/\/+$/, '').replace(/\/\/(0\.0\.0\.0|\[::\]|::)(?=[:/]|$)/, '//localhost');
  return `${origin}/sign-in?token=${token}`;
}

/** Cookie header → name/value pairs (the first of a repeated name wins; undecodable values stay raw). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    out[name] = value;
  }
  return out;
}

/** Set-Cookie value for the admin session; `maxAgeSeconds` 0 clears it. */
export function sessionCookie(value: string, opts: { secure: boolean; maxAgeSeconds: number }): string {
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${opts.maxAgeSeconds}${opts.secure ? '; Secure' : ''}`;
}
