import { useConnection } from '../../../lib/connection-context.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import type { TrafficScope } from '../api/traffic-queries.js';

export function useTrafficScope(view: DashboardView): TrafficScope {
  const { connection, client } = useConnection();
  return { connection, client, propertyId: view.property.id, timezone: view.timezone };
}
