import { useConnection } from '../../../lib/connection-context.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import type { PagesScope } from '../api/pages-queries.js';

export function usePagesScope(view: DashboardView): PagesScope {
  const { connection, client } = useConnection();
  return { connection, client, propertyId: view.property.id, timezone: view.timezone };
}
