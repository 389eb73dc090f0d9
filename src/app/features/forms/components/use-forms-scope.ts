import { useConnection } from '../../../lib/connection-context.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import type { FormsScope } from '../api/forms-queries.js';

export function useFormsScope(view: DashboardView): FormsScope {
  const { connection, client } = useConnection();
  return { connection, client, propertyId: view.property.id, timezone: view.timezone };
}
