import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useConnection } from './connection-context.js';
import type { Connection } from './connection.js';

/**
 * A write to the admin API that then refetches the list it changed (under `listKey`). With
 * `refreshOnError` the list refetches after a failure too: a revoke that fails because the key is
 * already gone should still make it disappear from the list.
 */
export function useAdminWrite<Body, Result>(listKey: (connection: Connection) => QueryKey, write: (body: Body) => Promise<Result>, { refreshOnError = false } = {}) {
  const { connection } = useConnection();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(connection) });
  return useMutation({ mutationFn: write, ...(refreshOnError ? { onSettled: refresh } : { onSuccess: refresh }) });
}
