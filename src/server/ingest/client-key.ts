import { normalizeIP } from '@fastify/rate-limit';
import { createHmac, randomBytes } from 'node:crypto';

/**
 * Turns a client address into the key exposures are stored with, for the split-test traffic check
 * ("many exposures from one address"): HMAC-SHA256 of the address (an IPv6 client's /64) under a
 * random secret that lives in memory only and is replaced at each UTC day and each start. The address
 * cannot be recovered from the key, even by trying every address, and keys of different days (or
 * runs) cannot be linked; within one day one address gives one key.
 */
export function clientKeys(now: () => Date = () => new Date()): (ip: string) => string {
  let day = '';
  let secret = Buffer.alloc(0);
  return (ip) => {
    const today = now().toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      secret = randomBytes(32);
    }
    return createHmac('sha256', secret).update(normalizeIP(ip)).digest('base64url').slice(0, 22);
  };
}
