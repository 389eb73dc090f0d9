import { queryOptions, useMutation } from '@tanstack/react-query';
import { createKeyResponse, keysResponse, revokeKeyResponse, signInLinkResponse, type CreateKeyBody } from '../../../../contract/admin.js';
import { adminRequest } from '../../../lib/admin-request.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

const keysKey = (connection: Connection) => [connectionKey(connection), 'api-keys'] as const;

/** Keys as the admin API lists them: name, prefix, scope and dates, never the key itself. */
export const keysQuery = (connection: Connection) =>
  queryOptions({
    queryKey: keysKey(connection),
    queryFn: async ({ signal }) => (await adminRequest('/keys', keysResponse, { signal })).data,
  });

/**
 * Creates a key. The full key is only in this mutation's result, never in the query cache; the form
 * resets the mutation once it has handed the key to the shown-once panel, and `forgetResult` then
 * drops it from the mutation cache too.
 */
export const useCreateKey = () =>
  useAdminWrite(keysKey, (body: CreateKeyBody) => adminRequest('/keys', createKeyResponse, { method: 'POST', body }), { forgetResult: true });

/** Revokes a key; the server forgets it at once, so the next request with it gets 401. */
export const useRevokeKey = () =>
  useAdminWrite(keysKey, (id: string) => adminRequest(`/keys/${encodeURIComponent(id)}`, revokeKeyResponse, { method: 'DELETE' }), { refreshOnError: true });

/** A one-time sign-in link for another person or browser; a secret, so its result leaves the cache at once. */
export const useCreateSignInLink = () =>
  useMutation({ mutationFn: () => adminRequest('/sign-in-links', signInLinkResponse, { method: 'POST' }), gcTime: 0 });
