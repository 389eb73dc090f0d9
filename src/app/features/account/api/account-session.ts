import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setPasswordBody, signInBody } from '../../../../contract/accounts.js';
import { apiClient } from '../../../lib/api-client.js';
import { forgetCsrfToken } from '../../../lib/csrf-token.js';

// The session routes answer this server whatever the connection (admin endpoints), so no connection here.
const client = () => apiClient({ mode: 'session' });

/** Whose a set-password link is; 404 once it is used or expired. Never retried: the answer stays. */
export const passwordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-link', token],
    queryFn: ({ signal }) => client().call('passwordLink', { params: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });

/**
 * After the cookie changed hands: the next write asks for the new session's CSRF token, and every
 * read (the session, the property list, whatever failed with 401) is asked again as the new account.
 */
async function startOver(queryClient: QueryClient) {
  forgetCsrfToken();
  // A used set-password link would now read as expired under the page that just used it.
  await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'password-link' });
}

/** Signs in with email and password; on success the session and reports load as that account (or the code step comes). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof signInBody>) => client().call('signIn', { body }),
    // With two-factor on there is no session yet: the code step (second-factor-form.tsx) comes first.
    onSuccess: (result) => (result.signed_in ? startOver(queryClient) : undefined),
  });
}

/** Uses a set-password link: sets the password and signs in as its account. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof setPasswordBody>) => client().call('setPassword', { body }),
    onSuccess: () => startOver(queryClient),
  });
}

/**
 * Ends the session. The page then loads afresh where it was: nothing the account could read stays in
 * memory (the query and mutation caches, the CSRF token), and the sign-in form shows.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => client().call('signOut'),
    onSuccess: () => window.location.reload(),
  });
}
