import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client.js';

/** Under this key alone: the session belongs to this server's cookie, whatever the connection. */
export const SESSION_QUERY_KEY = ['admin-session'] as const;

/**
 * The dashboard session: who is signed in, their role and the CSRF token; 401 when signed out. Five
 * minutes fresh: a role changes rarely, and a refused write says so in words meanwhile.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => apiClient({ mode: 'session' }).call('adminSession', { signal }),
  });
