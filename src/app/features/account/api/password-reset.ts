import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetBody } from '../../../../contract/accounts.js';
import { apiClient } from '../../../lib/api-client.js';

const client = () => apiClient({ mode: 'session' });

/** Whether this server sends mail (SMTP_URL): the sign-in page offers a reset by email only then. */
export const mailStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['mail-status'],
    queryFn: ({ signal }) => client().call('mailStatus', { signal }),
    staleTime: Infinity,
    retry: false,
  });

/** Asks for a reset link by email; the server answers the same whether the email has an account or not. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: z.input<typeof passwordResetBody>) => client().call('requestPasswordReset', { body }),
  });
