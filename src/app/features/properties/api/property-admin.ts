import { queryOptions } from '@tanstack/react-query';
import { adminProperty, propertiesResponse, type CreatePropertyBody } from '../../../../contract/admin.js';
import { adminRequest } from '../../../lib/admin-request.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

// Under the header picker's key (`[connection, 'properties']`), so one invalidation refreshes both.
const propertiesKey = (connection: Connection) => [connectionKey(connection), 'properties'] as const;

/** Every property with its tracker tags, as the admin sees them (session mode only). */
export const adminPropertiesQuery = (connection: Connection) =>
  queryOptions({
    queryKey: [...propertiesKey(connection), 'admin'],
    queryFn: async ({ signal }) => (await adminRequest('/properties', propertiesResponse, { signal })).data,
  });

/** Creates a property; the list and the header's picker refetch, so the new one shows everywhere. */
export const useCreateProperty = () => useAdminWrite(propertiesKey, (body: CreatePropertyBody) => adminRequest('/properties', adminProperty, { method: 'POST', body }));
