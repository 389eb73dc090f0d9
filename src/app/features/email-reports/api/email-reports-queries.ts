import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateMailSubscriptionBody } from '../../../../contract/mail-reports.js';
import { apiClient } from '../../../lib/api-client.js';
import { useConnection } from '../../../lib/connection-context.js';

// The signed-in account's own choices, on this server whatever the connection, as the session is.
const emailReportsKey = () => ['email-reports'] as const;

/** The email reports the signed-in account gets, per property it sees, and whether the server mails at all. */
export const emailReportsQueryOptions = () =>
  queryOptions({
    queryKey: emailReportsKey(),
    queryFn: ({ signal }) => apiClient({ mode: 'session' }).call('mailSubscriptions', { signal }),
  });

/**
 * Changes one property's email reports. The answer is the property's new choice, written into the list
 * at once (a refetch would show the old choice for a moment); a refused change refetches, so it snaps back.
 */
export function useUpdateEmailReports(propertyId: string) {
  const { client } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateMailSubscriptionBody>) =>
      client.call('updateMailSubscription', { params: { id: propertyId }, body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(emailReportsQueryOptions().queryKey, (list) =>
        list ? { ...list, data: list.data.map((c) => (c.property_id === saved.property_id ? saved : c)) } : list,
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: emailReportsKey() }),
  });
}
