import { ApiError } from '../../../lib/api-error.js';
import { waitWords } from './account-error-words.js';

/** Why the code step of signing in failed; `restart` when the password step must be done again. */
export function secondFactorErrorWords(error: unknown): { text: string; restart: boolean } {
  if (!(error instanceof ApiError))
    return { text: 'Signing in failed. Reload the page and try again.', restart: false };
  if (error.status === 429)
    return { text: `Too many wrong codes. Try again ${waitWords(error.retryAfter)}.`, restart: false };
  if (error.status === 401 && error.field === 'cookie')
    return { text: 'This sign-in has expired (5 minutes). Enter your email and password again.', restart: true };
  if (error.status === 401)
    return { text: 'That code is not right, or was used already. Try the newest code.', restart: false };
  if (error.status === 0)
    return { text: 'Could not reach the Sightline server. Check that it is running, then try again.', restart: false };
  return { text: `Signing in failed: ${error.message}.`, restart: false };
}

/** A base32 key in groups of four, as it is easiest to type into an authenticator app. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
