import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateMailSubscriptionBody } from '../../../../contract/mail-reports.js';
import { apiClient } from '../../../lib/api-client.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

// The signed-in account's own choices, on this server whatever the connection, as the session is.
const emailReportsKey = () => ['email-reports'] as const;

/** The email reports the signed-in account gets, per property it sees, and whether the server mails at all. */
export const emailReportsQueryOptions = () =>
  queryOptions({
    queryKey: emailReportsKey(),
    queryFn: ({ signal }) => apiClient({ mode: 'session' }).call('mailSubscriptions', { signal }),
  });

/** Changes one property's email reports; the list refetches either way, so a refused change snaps back. */
export const useUpdateEmailReports = (propertyId: string) =>
  useAdminWrite(
    emailReportsKey,
    (client, body: z.input<typeof updateMailSubscriptionBody>) =>
      client.call('updateMailSubscription', { params: { id: propertyId }, body }),
    { refreshOnError: true },
  );
