import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from './api-client.js';
import { useConnection } from './connection-context.js';
import type { Connection } from './connection.js';

interface AdminWriteOptions {
  /** Refetch the list after a failure too: a revoke that fails because the key is already gone should still make it disappear. */
  refreshOnError?: boolean;
  /**
   * The result holds a secret (a new API key): once the caller resets the mutation (or unmounts),
   * it leaves React Query's mutation cache at once instead of after the default five minutes.
   */
  forgetResult?: boolean;
}

/** The mutation options of an admin write, apart from React so the cache behaviour can be tested. */
export function adminWriteOptions<Body, Result>(
  refresh: () => Promise<unknown>,
  write: (body: Body) => Promise<Result>,
  { refreshOnError = false, forgetResult = false }: AdminWriteOptions = {},
) {
  return {
    mutationFn: write,
    ...(refreshOnError ? { onSettled: refresh } : { onSuccess: refresh }),
    ...(forgetResult ? { gcTime: 0 } : {}),
  };
}

/** A write to the admin API, sent with the connection's client, that then refetches the list it changed (under `listKey`). */
export function useAdminWrite<Body, Result>(
  listKey: (connection: Connection) => QueryKey,
  write: (client: ApiClient, body: Body) => Promise<Result>,
  options: AdminWriteOptions = {},
) {
  const { connection, client } = useConnection();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(connection) });
  return useMutation(adminWriteOptions(refresh, (body: Body) => write(client, body), options));
}
