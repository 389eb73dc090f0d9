import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

const sharedViewKey = (token: string) => ['shared-view', token] as const;

/**
 * What a share link shows and whether this browser has opened it. Not retried: a revoked or expired
 * link (404) stays so, and the page says it at once.
 */
export const sharedViewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: sharedViewKey(token),
    queryFn: ({ signal }) => apiClient({ mode: 'session' }).call('sharedView', { params: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });

/** Opens the link (with its password, if it has one): the server sets its share session cookie. */
export function useOpenSharedView(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password?: string) =>
      apiClient({ mode: 'session' }).call('openSharedView', { params: { token }, body: password ? { password } : {} }),
    onSuccess: (view) => queryClient.setQueryData(sharedViewKey(token), view),
  });
}
