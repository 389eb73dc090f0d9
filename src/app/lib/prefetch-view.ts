import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client.js';
import { loadConnection } from './connection.js';
import type { DashboardSearch } from './dashboard-search.js';
import { propertiesQueryOptions } from './properties-query.js';
import type { ReportScope } from './report-scope.js';
import { viewFromSearch, type DashboardView } from './use-dashboard-view.js';

/**
 * For route loaders: works out the view a URL describes (waiting only for the property list) and
 * hands it to `start`, which prefetches the page's reads with the same queryOptions the components
 * use. The reads are not awaited, so the page renders its skeletons at once and the API works while
 * the page's code downloads; errors surface through the components' own queries.
 */
export async function prefetchView(
  queryClient: QueryClient,
  search: DashboardSearch,
  start: (scope: ReportScope, view: DashboardView) => void,
): Promise<void> {
  const connection = loadConnection();
  const properties = await queryClient.ensureQueryData(propertiesQueryOptions(connection)).catch(() => null);
  const view = properties && viewFromSearch(search, properties);
  if (!view) return;
  start(
    {
      connection,
      client: apiClient(connection),
      propertyId: view.property.id,
      timezone: view.timezone,
      filters: view.filters,
    },
    view,
  );
}
