import type { ApiClient } from './api-client.js';
import { useConnection } from './connection-context.js';
import type { Connection } from './connection.js';
import type { DashboardView } from './use-dashboard-view.js';

/** What every dated read of one property is scoped by; the whole scope is part of the query key. */
export interface ReportScope {
  connection: Connection;
  client: ApiClient;
  propertyId: string;
  timezone: string;
}

/** The scope of the view on screen, for a report's queries. */
export function useReportScope(view: DashboardView): ReportScope {
  const { connection, client } = useConnection();
  return { connection, client, propertyId: view.property.id, timezone: view.timezone };
}
