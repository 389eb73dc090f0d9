import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { hashKey } from './api-keys.js';

/**
 * Two-factor sign-in's codes (RFC 6238): HMAC-SHA-1, 6 digits, 30 s steps, what every authenticator
 * app reads from an otpauth:// URI without asking. A code of the step before or after the server's
 * is taken too, so a phone's clock a little off, or a code typed as it turns over, still works.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Sightline';
export const RECOVERY_CODE_COUNT = 10;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation) in base32. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** The otpauth:// URI an authenticator app reads from the QR code: "Sightline: ana@example.com". */
export const totpUri = (secret: string, email: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS });

/**
 * The step of the code if it is right for `nowMs` within one step either way and later than
 * `lastStep` (a code already taken, or an earlier one, is refused: no replay); else null.
 */
export function acceptedStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Lower-case letters and digits without the look-alikes (0/o, 1/l/i): read off paper and typed again.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes as shown once ("k3f9q-x2mrp": 10 characters, about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of it without case, spaces or dashes. */
export const recoveryCodeHash = (code: string) => hashKey(code.toLowerCase().replace(/[\s-]/g, ''));
