import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { loadConnection } from '../../../lib/connection.js';
import type { DashboardSearch } from '../../../lib/dashboard-search.js';
import { propertiesQuery } from '../../../lib/properties-query.js';
import { viewFromSearch } from '../../../lib/use-dashboard-view.js';
import { breakdownQuery, entryExitQuery, realtimeQuery, summaryQuery, trendsQuery } from './traffic-queries.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/**
 * Starts every Traffic read while the page's code is still downloading, so the API works in parallel
 * with the browser instead of after it. Not awaited: the page renders its skeletons at once, and
 * errors surface through the components' own queries.
 */
export async function prefetchTraffic(queryClient: QueryClient, search: DashboardSearch): Promise<void> {
  const connection = loadConnection();
  const properties = await queryClient.ensureQueryData(propertiesQuery(connection)).catch(() => null);
  const view = properties && viewFromSearch(search, properties);
  if (!view) return;
  const scope: ReportScope = { connection, client: apiClient(connection), propertyId: view.property.id, timezone: view.timezone };
  void queryClient.prefetchQuery(summaryQuery(scope, view.range));
  void queryClient.prefetchQuery(trendsQuery(scope, view.range, view.granularity));
  void queryClient.prefetchQuery(summaryQuery(scope, view.previous));
  void queryClient.prefetchQuery(breakdownQuery(scope, view.range));
  void queryClient.prefetchQuery(entryExitQuery(scope, view.range));
  void queryClient.prefetchQuery(realtimeQuery(scope));
  if (view.compare) void queryClient.prefetchQuery(trendsQuery(scope, view.previous, view.granularity));
}
