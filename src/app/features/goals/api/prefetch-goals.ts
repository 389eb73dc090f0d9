import type { QueryClient } from '@tanstack/react-query';
import type { DashboardSearch } from '../../../lib/dashboard-search.js';
import { prefetchView } from '../../../lib/prefetch-view.js';
import { goalsListQueryOptions, goalsReportQueryOptions } from './goals-queries.js';

/** Every read of the Goals page, started by its route loader. */
export const prefetchGoals = (queryClient: QueryClient, search: DashboardSearch) =>
  prefetchView(queryClient, search, (scope, view) => {
    void queryClient.prefetchQuery(goalsReportQueryOptions(scope, view.range));
    if (view.previous) void queryClient.prefetchQuery(goalsReportQueryOptions(scope, view.previous));
    void queryClient.prefetchQuery(goalsListQueryOptions(scope));
  });
