import type { Filter } from '../../contract/filters.js';
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
  /**
   * The segment (the URL's filters). It rides in the scope so that a report's previous period, asked
   * with the same scope, is always the same segment; each factory sends it and keys on it.
   */
  filters: Filter[];
}

/** The scope of the view on screen, for a report's queries. */
export function useReportScope(view: DashboardView): ReportScope {
  const { connection, client } = useConnection();
  return { connection, client, propertyId: view.property.id, timezone: view.timezone, filters: view.filters };
}
