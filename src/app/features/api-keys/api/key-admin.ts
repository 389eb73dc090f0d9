import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createKeyResponse, keysResponse, revokeKeyResponse, type CreateKeyBody } from '../../../../contract/admin.js';
import { adminRequest } from '../../../lib/admin-request.js';
import { useConnection } from '../../../lib/connection-context.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';

const keysKey = (connection: Connection) => [connectionKey(connection), 'api-keys'] as const;

/** Keys as the admin API lists them: name, prefix, scope and dates, never the key itself. */
export const keysQuery = (connection: Connection) =>
  queryOptions({
    queryKey: keysKey(connection),
    queryFn: async ({ signal }) => (await adminRequest('/keys', keysResponse, { signal })).data,
  });

/** Creates a key. The full key is only in this mutation's result; it never enters the query cache. */
export function useCreateKey() {
  const { connection } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKeyBody) => adminRequest('/keys', createKeyResponse, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(connection) }),
  });
}

/** Revokes a key; the server forgets it at once, so the next request with it gets 401. */
export function useRevokeKey() {
  const { connection } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(`/keys/${encodeURIComponent(id)}`, revokeKeyResponse, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey(connection) }),
  });
}
