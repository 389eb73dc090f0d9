import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { secondFactorBody, turnOffTwoFactorBody } from '../../../../contract/two-factor.js';
import { apiClient } from '../../../lib/api-client.js';
import { forgetCsrfToken } from '../../../lib/csrf-token.js';
import { SESSION_QUERY_KEY } from '../../../lib/session-query.js';

// Two-factor belongs to this server's session, whatever the connection, as the session does.
const client = () => apiClient({ mode: 'session' });
const twoFactorKey = ['two-factor'] as const;

/** The signed-in account's two-factor: on or off, recovery codes left, and whether it is required. */
export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => client().call('twoFactor', { signal }),
  });

/** Both the account's state and the session (whose `must_enrol_two_factor` may have changed). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin-accounts'] }),
    ]);
}

/** A new secret to scan; it holds the secret, so it leaves the mutation cache once reset. */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => client().call('startTwoFactor'), gcTime: 0 });

/** Turns two-factor on with a current code; the answer's recovery codes are shown once. */
export function useConfirmTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => client().call('confirmTwoFactor', { body: { code } }),
    onSuccess: refresh,
    gcTime: 0,
  });
}

/** Turns two-factor off with the password or a current code. */
export function useTurnOffTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof turnOffTwoFactorBody>) => client().call('turnOffTwoFactor', { body }),
    onSuccess: refresh,
  });
}

/** The code step of signing in; on success the session and reports load as the account. */
export function useSecondFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof secondFactorBody>) => client().call('signInSecondFactor', { body }),
    onSuccess: async () => {
      forgetCsrfToken();
      await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'password-link' });
    },
  });
}
