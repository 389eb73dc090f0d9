import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteBody, updateAccountBody } from '../../../../contract/accounts.js';
import { apiClient } from '../../../lib/api-client.js';
import { useConnection } from '../../../lib/connection-context.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

// Accounts belong to this server's session whatever the connection, as the session itself does.
const accountsKey = () => ['admin-accounts'] as const;

/** Every account of this server: email, role, properties, state (admin and owner sessions). */
export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsKey(),
    queryFn: async ({ signal }) => (await apiClient({ mode: 'session' }).call('accounts', { signal })).data,
  });

/** Invites someone; the result holds the one-time link, so it leaves the mutation cache once reset. */
export const useInviteAccount = () =>
  useAdminWrite(accountsKey, (client, body: z.input<typeof inviteBody>) => client.call('inviteAccount', { body }), {
    forgetResult: true,
  });

/** Changes an account's role, properties or whether it may sign in; the list refetches either way. */
export const useUpdateAccount = (id: string) =>
  useAdminWrite(
    accountsKey,
    (client, body: z.input<typeof updateAccountBody>) => client.call('updateAccount', { params: { id }, body }),
    { refreshOnError: true },
  );

/** A new set-password link for an account: a secret, so it leaves the cache as soon as it is dismissed. */
export function useAccountLink(id: string) {
  const { client } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call('accountLink', { params: { id } }),
    // An invited account stays invited; the list refetches only so a state changed elsewhere shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey() }),
    gcTime: 0,
  });
}

/** An owner turns off another account's two-factor (a lost phone); the list refetches either way. */
export const useResetTwoFactor = (id: string) =>
  useAdminWrite(accountsKey, (client) => client.call('resetAccountTwoFactor', { params: { id } }), {
    refreshOnError: true,
  });
