import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyRecord, Store } from '../store/store.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PREFIX_LENGTH = 11; // "sl_" and 8 characters: shown in lists, used to find the record

/** Base62 text of random bytes (big-endian), no padding. */
export function base62(bytes: Uint8Array): string {
  let n = BigInt('0x' + Buffer.from(bytes).toString('hex'));
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(Math.ceil((bytes.length * 8) / Math.log2(62)), '0');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function randomId(prefix: string, bytes = 9): string {
  return `${prefix}_${base62(randomBytes(bytes))}`;
}

/** A new key: `sl_` + 32 random bytes in base62. Only its hash is kept; the key itself is shown once. */
export function newApiKey(input: { name: string; propertyIds: string[]; permissions: string[] }): {
  key: string;
  record: ApiKeyRecord;
} {
  const key = `sl_${base62(randomBytes(32))}`;
  return {
    key,
    record: {
      id: randomId('key'),
      name: input.name,
      prefix: key.slice(0, KEY_PREFIX_LENGTH),
      hash: hashKey(key),
      property_ids: input.propertyIds,
      permissions: input.permissions,
      created_at: new Date(),
      revoked_at: null,
    },
  };
}

/** Finds the live record for a presented key, comparing hashes in constant time. */
export async function verifyApiKey(
  store: Pick<Store, 'findApiKeysByPrefix'>,
  presented: string,
): Promise<ApiKeyRecord | null> {
  if (!/^sl_[0-9A-Za-z]{20,64}$/.test(presented)) return null;
  const candidates = await store.findApiKeysByPrefix(presented.slice(0, KEY_PREFIX_LENGTH));
  const digest = Buffer.from(hashKey(presented), 'hex');
  let match: ApiKeyRecord | null = null;
  for (const c of candidates) {
    if (timingSafeEqual(digest, Buffer.from(c.hash, 'hex')) && !c.revoked_at) match = c;
  }
  return match;
}
