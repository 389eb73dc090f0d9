import { randomBytes } from 'node:crypto';
import { ADMIN_PREFIX } from '../../contract/admin.js';
import type { Store } from '../store/store.js';
import { base62, hashKey } from './api-keys.js';

/** How long the password step stays good for the code step (docs/accounts.md). */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60_000;
export const PENDING_COOKIE = 'sl_second_factor';

// Kept as a one-time account token, but hashed with its own prefix: a set-password link's lookup
// (the plain SHA-256) can never find it, so this token sets no password, and no link passes for it.
const pendingHash = (token: string) => hashKey(`sightline-second-factor\u0000${token}`);

/** After the right password of an account with two-factor on: a token for the code step, valid 5 minutes. */
export async function issuePendingSignIn(
  store: Pick<Store, 'createAccountToken'>,
  accountId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = base62(randomBytes(32));
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS);
  await store.createAccountToken(pendingHash(token), accountId, expiresAt);
  return { token, expiresAt };
}

/** The account a live pending sign-in is for; null when the token is unknown, used or expired. */
export const pendingSignInAccount = (store: Pick<Store, 'accountTokenAccount'>, token: string, now = new Date()) =>
  /^[0-9A-Za-z]{20,64}$/.test(token) ? store.accountTokenAccount(pendingHash(token), now) : Promise.resolve(null);

/** Uses the pending sign-in up; false when another request used it first. */
export const finishPendingSignIn = (store: Pick<Store, 'consumeSignInToken'>, token: string, now = new Date()) =>
  store.consumeSignInToken(pendingHash(token), now);

/** Set-Cookie of the pending sign-in: only the sign-in routes receive it; `maxAgeSeconds` 0 clears it. */
export const pendingCookie = (value: string, opts: { secure: boolean; maxAgeSeconds: number }) =>
  `${PENDING_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=${ADMIN_PREFIX}/sign-in; Max-Age=${opts.maxAgeSeconds}${opts.secure ? '; Secure' : ''}`;
