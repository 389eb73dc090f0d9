import { randomBytes } from 'node:crypto';
import type { AccountRole } from '../../contract/accounts.js';
import { ApiError } from '../api-error.js';
import { TWO_FACTOR_OFF } from '../store/account-store.js';
import type { AccountRecord, Store } from '../store/store.js';
import { base62, hashKey, randomId } from './api-keys.js';

/** A set-password link works for 7 days (operations.md §6). */
export const ACCOUNT_LINK_TTL_MS = 7 * 86_400_000;

/** A reset link asked for from the sign-in page lives 1 hour: it went to a mailbox, not from hand to hand. */
export const RESET_LINK_TTL_MS = 3_600_000;

/** A one-time set-password token for the account (only its hash is stored), and when it expires. */
export async function issueAccountToken(
  store: Pick<Store, 'createAccountToken'>,
  accountId: string,
  now = new Date(),
  ttlMs = ACCOUNT_LINK_TTL_MS,
): Promise<{ token: string; expiresAt: Date }> {
  const token = base62(randomBytes(32));
  const expiresAt = new Date(now.getTime() + ttlMs);
  await store.createAccountToken(hashKey(token), accountId, expiresAt);
  return { token, expiresAt };
}

export const setPasswordLink = (base: string, token: string) =>
  `${base.replace(/\/+$/, '')}/set-password?token=${token}`;

/**
 * A new account without a password, and the token of its set-password link. 409 when the email has
 * an account already; 400 naming the properties that do not exist.
 */
export async function createAccount(
  store: Pick<Store, 'findAccountByEmail' | 'createAccount' | 'createAccountToken' | 'getProperties'>,
  input: { email: string; role: AccountRole; property_ids: string[] },
  now = new Date(),
): Promise<{ account: AccountRecord; token: string; expiresAt: Date }> {
  if (await store.findAccountByEmail(input.email))
    throw new ApiError(409, 'conflict', `${input.email} has an account already`, { field: 'email' });
  const ids = [...new Set(input.property_ids)];
  const found = new Set((await store.getProperties(ids)).map((p) => p.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new ApiError(400, 'invalid_request', `property_ids: no such property: ${missing.join(', ')}`, {
      field: 'property_ids',
      property_ids: missing,
    });
  const account: AccountRecord = {
    id: randomId('acc'),
    email: input.email,
    role: input.role,
    property_ids: ids,
    password_hash: null,
    created_at: now,
    disabled_at: null,
    ...TWO_FACTOR_OFF,
  };
  await store.createAccount(account);
  return { account, ...(await issueAccountToken(store, account.id, now)) };
}
