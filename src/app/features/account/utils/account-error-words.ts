import { ApiError } from '../../../lib/api-error.js';

/** "in 45 seconds", "in 3 minutes": a wait as people say it. */
export function waitWords(seconds: number | undefined): string {
  if (!seconds) return 'in a minute';
  if (seconds < 90) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/** The command an owner runs for a new set-password link (operations.md §6). */
export const resetCommand = (email = 'you@example.com') => `npm run cli -- users reset-password --email ${email}`;

/** Why a sign-in failed, in words the person can act on. */
export function signInErrorWords(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Signing in failed. Reload the page and try again.';
  switch (error.status) {
    case 0:
      return 'Could not reach the Sightline server. Check that it is running, then try again.';
    case 401:
      // The server says the same for an unknown email and a wrong password, so as not to tell which.
      return /disabled/i.test(error.message)
        ? 'This account is disabled. Ask an owner to enable it again.'
        : 'Wrong email or password.';
    case 429:
      return `Too many failed sign-ins. Try again ${waitWords(error.retryAfter)}.`;
    case 404:
      return 'This server has no sign-in with email and password. Use the link it printed, or connect with an API key.';
    default:
      return `Signing in failed: ${error.message}.`;
  }
}

/** Whether a set-password request failed because its link is used or expired (or never existed). */
export const linkIsGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Why setting a password failed, when it is not the link (which has a message of its own). */
export function setPasswordErrorWords(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Setting the password failed. Reload the page and try again.';
  if (error.status === 0) return 'Could not reach the Sightline server. Check that it is running, then try again.';
  if (error.status === 429) return `Too many attempts. Try again ${waitWords(error.retryAfter)}.`;
  return `Setting the password failed: ${error.message}.`;
}
