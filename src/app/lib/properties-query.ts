import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client.js';
import { ApiError } from './api-error.js';
import { connectionKey, type Connection } from './connection.js';

/** A property the picker can offer; key mode knows only ids, so name = id and no zone (UTC). */
export interface PropertyChoice {
  id: string;
  name: string;
  timezone: string | null;
  /** Where the site's pages open (preview links); unknown in key mode and without a domain. */
  siteOrigin?: string | null;
}

/** The properties this connection may read: the admin list in session mode, the typed ids in key mode. */
export function propertiesQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: [connectionKey(connection), 'properties'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<PropertyChoice[]> => {
      if (connection.mode === 'key') return connection.propertyIds.map((id) => ({ id, name: id, timezone: null }));
      // A share link shows its one property, in the property's own time zone.
      if (connection.mode === 'share') return [connection.property];
      const list = await apiClient(connection)
        .call('adminProperties', { signal })
        .catch((err: unknown) => {
          // A server without admin sign-in (404) leaves the same way in as a signed-out one: a key.
          throw err instanceof ApiError && err.status === 404
            ? new ApiError(401, 'unauthorized', 'This server has no dashboard sign-in.')
            : err;
        });
      // An older server sends no site_origin: its pages are on the domain.
      return list.data.map((p) => ({
        id: p.id,
        name: p.name,
        timezone: p.timezone,
        siteOrigin: p.site_origin !== undefined ? p.site_origin : p.domain && `https://${p.domain}`,
      }));
    },
  });
}
