import { ApiError } from './api-error.js';
import type { Connection } from './connection.js';

/** What went wrong and what to do, in words a person can act on. */
export function describeError(
  error: unknown,
  connection: Connection,
  propertyId?: string,
): { title: string; action: string } {
  if (!(error instanceof ApiError))
    return { title: 'Something went wrong.', action: 'Reload the page; if it keeps happening, check the server log.' };
  switch (error.status) {
    case 0:
      return { title: error.message, action: 'Check that the server is running and reachable, then reload.' };
    case 401:
      return connection.mode === 'key'
        ? { title: 'The API key was refused.', action: 'Connect again with a valid key.' }
        : {
            title: 'Your sign-in has expired.',
            action: 'Sign in again with a new sign-in link (the server prints one at start-up).',
          };
    case 403:
      return {
        title: `This ${connection.mode === 'key' ? 'key' : 'account'} may not read property "${propertyId ?? 'unknown'}".`,
        action: 'Pick another property, or use a key that includes this one.',
      };
    case 404:
      return { title: `Property "${propertyId ?? 'unknown'}" was not found.`, action: 'Pick another property.' };
    case 429:
      return { title: 'Too many requests.', action: 'Retrying automatically in a moment.' };
    case 400:
      return {
        title: `The request was refused: ${error.message}`,
        action: error.field ? `Check ${error.field} in the controls above.` : 'Check the controls above.',
      };
    default:
      return {
        title: error.code === 'contract_mismatch' ? error.message : `The server failed (HTTP ${error.status}).`,
        action: 'Try again shortly; if it persists, check the server log.',
      };
  }
}
