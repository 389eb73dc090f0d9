import { queryOptions } from '@tanstack/react-query';
import type { CreatePropertyBody, UpdatePropertyBody } from '../../../../contract/admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

// Under the header picker's key (`[connection, 'properties']`), so one invalidation refreshes both.
const propertiesKey = (connection: Connection) => [connectionKey(connection), 'properties'] as const;

/** Every property with its tracker tags, as the admin sees them (session mode only). */
export const adminPropertiesQueryOptions = (connection: Connection) =>
  queryOptions({
    queryKey: [...propertiesKey(connection), 'admin'],
    queryFn: async ({ signal }) => (await apiClient(connection).call('adminProperties', { signal })).data,
  });

/** While waiting for a property's first event, how often to ask; once it receives, less often. */
export const WAITING_POLL_MS = 5_000;
export const RECEIVING_POLL_MS = 30_000;

/** When the property's latest event happened (null before its first), polled while it is shown. */
export const propertyStatusQueryOptions = (connection: Connection, id: string) =>
  queryOptions({
    queryKey: [...propertiesKey(connection), 'status', id],
    queryFn: ({ signal }) => apiClient(connection).call('propertyStatus', { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.last_event_at ? RECEIVING_POLL_MS : WAITING_POLL_MS),
  });

/** Creates a property; the list and the header's picker refetch, so the new one shows everywhere. */
export const useCreateProperty = () =>
  useAdminWrite(propertiesKey, (client, body: CreatePropertyBody) => client.call('createProperty', { body }));

/** Changes a property's name, domain or zone; the list and the picker refetch. */
export const useUpdateProperty = (id: string) =>
  useAdminWrite(propertiesKey, (client, body: UpdatePropertyBody) =>
    client.call('updateProperty', { params: { id }, body }),
  );

/** Deletes a property without events (the server refuses one with data, saying so). */
export const useDeleteProperty = () =>
  useAdminWrite(propertiesKey, (client, id: string) => client.call('deleteProperty', { params: { id } }));
