import { useConnection } from '../../../lib/connection-context.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import type { ExperimentsScope } from '../api/experiments-queries.js';

/** The connection, client and the header's property: what every experiments read and change needs. */
export function useExperimentsScope(view: DashboardView | null): ExperimentsScope | null {
  const { connection, client } = useConnection();
  return view ? { connection, client, propertyId: view.property.id } : null;
}
