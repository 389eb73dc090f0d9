import type { QueryClient } from '@tanstack/react-query';
import type { DashboardSearch } from '../../../lib/dashboard-search.js';
import { prefetchView } from '../../../lib/prefetch-view.js';
import {
  breakdownQueryOptions,
  entryExitQueryOptions,
  realtimeQueryOptions,
  summaryQueryOptions,
  trendsQueryOptions,
} from './traffic-queries.js';

/**
 * Every read of the Traffic page, started by its route loader: the cards' and the chart's (with their
 * compared periods) first; the tables' and realtime's are sent once those have answered
 * (lib/headline-first.ts), one breakdown read serving both the tabs and the map.
 */
export const prefetchTraffic = (queryClient: QueryClient, search: DashboardSearch) =>
  prefetchView(queryClient, search, (scope, view) => {
    void queryClient.prefetchQuery(summaryQueryOptions(scope, view.range));
    void queryClient.prefetchQuery(trendsQueryOptions(scope, view.range, view.granularity));
    if (view.previous) void queryClient.prefetchQuery(summaryQueryOptions(scope, view.previous));
    if (view.compare && view.previous)
      void queryClient.prefetchQuery(trendsQueryOptions(scope, view.previous.days, view.granularity));
    void queryClient.prefetchQuery(breakdownQueryOptions(scope, view.range));
    void queryClient.prefetchQuery(entryExitQueryOptions(scope, view.range));
    void queryClient.prefetchQuery(realtimeQueryOptions(scope));
  });
