import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CreateKeyBody } from '../../../../contract/admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { useConnection } from '../../../lib/connection-context.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

const keysKey = (connection: Connection) => [connectionKey(connection), 'api-keys'] as const;

/** Keys as the admin API lists them: name, prefix, scope and dates, never the key itself. */
export const keysQueryOptions = (connection: Connection) =>
  queryOptions({
    queryKey: keysKey(connection),
    queryFn: async ({ signal }) => (await apiClient(connection).call('apiKeys', { signal })).data,
  });

/**
 * Creates a key. The full key is only in this mutation's result, never in the query cache; the form
 * resets the mutation once it has handed the key to the shown-once panel, and `forgetResult` then
 * drops it from the mutation cache too.
 */
export const useCreateKey = () =>
  useAdminWrite(keysKey, (client, body: CreateKeyBody) => client.call('createApiKey', { body }), {
    forgetResult: true,
  });

/** Revokes a key; the server forgets it at once, so the next request with it gets 401. */
export const useRevokeKey = () =>
  useAdminWrite(keysKey, (client, id: string) => client.call('revokeApiKey', { params: { id } }), {
    refreshOnError: true,
  });

/** A one-time sign-in link for another person or browser; a secret, so its result leaves the cache at once. */
export function useCreateSignInLink() {
  const { client } = useConnection();
  return useMutation({ mutationFn: () => client.call('createSignInLink'), gcTime: 0 });
}
