import { queryOptions } from '@tanstack/react-query';
import { adminProperty, deletePropertyResponse, propertiesResponse, propertyStatusResponse, type CreatePropertyBody, type UpdatePropertyBody } from '../../../../contract/admin.js';
import { adminRequest } from '../../../lib/admin-request.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

// Under the header picker's key (`[connection, 'properties']`), so one invalidation refreshes both.
const propertiesKey = (connection: Connection) => [connectionKey(connection), 'properties'] as const;
const propertyPath = (id: string) => `/properties/${encodeURIComponent(id)}`;

/** Every property with its tracker tags, as the admin sees them (session mode only). */
export const adminPropertiesQuery = (connection: Connection) =>
  queryOptions({
    queryKey: [...propertiesKey(connection), 'admin'],
    queryFn: async ({ signal }) => (await adminRequest('/properties', propertiesResponse, { signal })).data,
  });

/** While waiting for a property's first event, how often to ask; once it receives, less often. */
export const WAITING_POLL_MS = 5_000;
export const RECEIVING_POLL_MS = 30_000;

/** When the property's latest event happened (null before its first), polled while it is shown. */
export const propertyStatusQuery = (connection: Connection, id: string) =>
  queryOptions({
    queryKey: [...propertiesKey(connection), 'status', id],
    queryFn: ({ signal }) => adminRequest(`${propertyPath(id)}/status`, propertyStatusResponse, { signal }),
    refetchInterval: (query) => (query.state.data?.last_event_at ? RECEIVING_POLL_MS : WAITING_POLL_MS),
  });

/** Creates a property; the list and the header's picker refetch, so the new one shows everywhere. */
export const useCreateProperty = () => useAdminWrite(propertiesKey, (body: CreatePropertyBody) => adminRequest('/properties', adminProperty, { method: 'POST', body }));

/** Changes a property's name, domain or zone; the list and the picker refetch. */
export const useUpdateProperty = (id: string) => useAdminWrite(propertiesKey, (body: UpdatePropertyBody) => adminRequest(propertyPath(id), adminProperty, { method: 'PATCH', body }));

/** Deletes a property without events (the server refuses one with data, saying so). */
export const useDeleteProperty = () => useAdminWrite(propertiesKey, (id: string) => adminRequest(propertyPath(id), deletePropertyResponse, { method: 'DELETE' }));
