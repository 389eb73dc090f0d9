import type { QueryClient } from '@tanstack/react-query';
import type { DashboardSearch } from '../../../lib/dashboard-search.js';
import { prefetchView } from '../../../lib/prefetch-view.js';
import { breakdownQuery, MAP_COUNTRIES, entryExitQuery, realtimeQuery, summaryQuery, trendsQuery } from './traffic-queries.js';

/** Every read of the Traffic page, started by its route loader. */
export const prefetchTraffic = (queryClient: QueryClient, search: DashboardSearch) =>
  prefetchView(queryClient, search, (scope, view) => {
    void queryClient.prefetchQuery(summaryQuery(scope, view.range));
    void queryClient.prefetchQuery(trendsQuery(scope, view.range, view.granularity));
    if (view.previous) void queryClient.prefetchQuery(summaryQuery(scope, view.previous));
    void queryClient.prefetchQuery(breakdownQuery(scope, view.range));
    void queryClient.prefetchQuery(breakdownQuery(scope, view.range, MAP_COUNTRIES));
    void queryClient.prefetchQuery(entryExitQuery(scope, view.range));
    void queryClient.prefetchQuery(realtimeQuery(scope));
    if (view.compare && view.previous) void queryClient.prefetchQuery(trendsQuery(scope, view.previous.days, view.granularity));
  });
