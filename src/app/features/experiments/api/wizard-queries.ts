import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateExperimentBody } from '../../../../contract/experiments.js';
import { addDays, todayIn } from '../../../lib/date-range.js';
import { experimentsKey } from './experiments-queries.js';
import { type ReportScope } from '../../../lib/report-scope.js';

const OBSERVED_PAGES_LIMIT = 50;

/** Paths the property saw in the last 30 days, most viewed first: what the page input suggests. */
export const observedPagesQueryOptions = (s: ReportScope) => {
  const end = todayIn(s.timezone);
  const range = { start: addDays(end, -29), end, timezone: s.timezone };
  return queryOptions({
    queryKey: [...experimentsKey(s), 'observed-pages', range] as const,
    queryFn: ({ signal }) =>
      s.client.call('pagesBreakdown', {
        propertyId: s.propertyId,
        query: { ...range, limit: OBSERVED_PAGES_LIMIT },
        signal,
      }),
    select: (r) => r.data.map((p) => p.path),
    staleTime: 5 * 60_000,
  });
};

/** Test ideas for one page, from its last 30 days (404 when the page has no data). */
export const recommendationsQueryOptions = (s: ReportScope, page: string) =>
  queryOptions({
    queryKey: [...experimentsKey(s), 'recommendations', page] as const,
    queryFn: ({ signal }) =>
      s.client.call('splitTestRecommendations', { propertyId: s.propertyId, query: { page }, signal }),
    staleTime: 5 * 60_000,
  });

/** POST a new split test (active at once); every experiments read of the property refetches. */
export function useCreateExperiment(s: ReportScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExperimentBody) => s.client.call('createSplitTest', { propertyId: s.propertyId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experimentsKey(s) }),
  });
}

/** The page's key elements from its latest snapshot: what a typed selector is checked against. */
export const pageElementsQueryOptions = (s: ReportScope, page: string) =>
  queryOptions({
    queryKey: [...experimentsKey(s), 'page-elements', page] as const,
    queryFn: ({ signal }) => s.client.call('pageElements', { propertyId: s.propertyId, query: { page }, signal }),
    staleTime: 5 * 60_000,
  });
