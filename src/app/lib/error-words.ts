import { permissionRoles, type KeyPermission } from '../../contract/admin.js';
import { ApiError } from './api-error.js';
import type { Connection } from './connection.js';

/** What each permission allows, as the verb a refusal needs. */
const MAY: Record<KeyPermission, string> = {
  metrics: 'read figures',
  experiments: 'create, change or stop split tests',
  configure: 'create, change or delete goals and saved funnels',
};

/** What went wrong and what to do, in words a person can act on. */
export function describeError(
  error: unknown,
  connection: Connection,
  propertyId?: string,
): { title: string; action: string } {
  if (!(error instanceof ApiError))
    return { title: 'Something went wrong.', action: 'Reload the page; if it keeps happening, check the server log.' };
  // A share link's page: the link itself ended (revoked, expired) or its session did.
  if (connection.mode === 'share' && (error.status === 401 || error.status === 404))
    return {
      title: 'This shared view has ended or was revoked.',
      action: 'Reload the page; ask whoever shared it for a new link.',
    };
  switch (error.status) {
    case 0:
      return { title: error.message, action: 'Check that the server is running and reachable, then reload.' };
    case 401:
      return connection.mode === 'key'
        ? { title: 'The API key was refused.', action: 'Connect again with a valid key.' }
        : {
            title: 'Your sign-in has expired.',
            action: 'Sign in again: reload the page for the sign-in form.',
          };
    case 403:
      // A key of the property without the permission the request needs (a read-only key saving a funnel).
      if (error.permission)
        return connection.mode === 'key'
          ? {
              title: `This key may not ${MAY[error.permission]}: it lacks the ${error.permission} permission.`,
              action: 'Use a key that has it; an admin makes keys on the API access page.',
            }
          : // A signed-in account holds the permissions of its role (contract/admin.ts, permissionRoles).
            {
              title: `Your account may not ${MAY[error.permission]}: that needs the ${permissionRoles[error.permission]} role or higher.`,
              action: 'Ask an owner to change your role if you need to.',
            };
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
