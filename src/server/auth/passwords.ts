import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id (RFC 9106) at OWASP's first recommended setting: 19 MiB of
 * memory, 2 passes, 1 lane (about 25 ms here). The PHC string keeps its parameters, so raising them
 * later still verifies older hashes.
 */
// `algorithm` 2 is the package's Algorithm.Argon2id, a const enum that isolated modules cannot read.
export const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** Whether `password` matches the stored hash; false for no hash (an account whose password is not set yet). */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false; // a hash that is not a PHC string matches nothing
  }
}

/** A hash to verify against when the email is unknown, so a wrong email costs as long as a wrong password. */
let decoy: Promise<string> | null = null;
export const decoyHash = () => (decoy ??= hashPassword('sightline-decoy-password'));
