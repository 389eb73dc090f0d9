import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

const policyKey = ['two-factor-policy'] as const;
const client = () => apiClient({ mode: 'session' });

/** Whether every account must sign in with two-factor (`require_2fa`). */
export const twoFactorPolicyQueryOptions = () =>
  queryOptions({
    queryKey: policyKey,
    queryFn: ({ signal }) => client().call('twoFactorPolicy', { signal }),
  });

/** The owner's switch: require two-factor of every account, or stop. */
export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => client().call('setTwoFactorPolicy', { body: { required } }),
    onSuccess: (policy) => queryClient.setQueryData(policyKey, policy),
  });
}
