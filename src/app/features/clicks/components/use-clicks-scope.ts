import { useConnection } from '../../../lib/connection-context.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import type { ClicksScope } from '../api/clicks-queries.js';

export function useClicksScope(view: DashboardView): ClicksScope {
  const { connection, client } = useConnection();
  return { connection, client, propertyId: view.property.id, timezone: view.timezone };
}
