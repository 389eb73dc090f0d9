import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

/** Entries per page: the server's default, and what "Show older" adds. */
export const AUDIT_PAGE = 100;

/**
 * The audit log, newest first, a page at a time (owner sessions). Under the accounts key, so an
 * invitation or an account change made on this page refetches it too; stale at once, since any
 * write anywhere adds to it.
 */
export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin-accounts', 'audit'] as const,
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiClient({ mode: 'session' }).call('auditLog', {
          query: { limit: AUDIT_PAGE, ...(pageParam ?? {}) },
          signal,
        })
      ).data,
    initialPageParam: null as { before: string; before_id: string } | null,
    // A short page is the log's end; otherwise the next page starts after the last entry (its instant
    // and id: entries of the same millisecond are neither skipped nor shown twice).
    getNextPageParam: (last) => {
      const end = last.at(-1);
      return last.length < AUDIT_PAGE || !end ? null : { before: end.at, before_id: end.id };
    },
    staleTime: 0,
  });
