import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createShareLinkBody } from '../../../../contract/share-links.js';
import { apiClient } from '../../../lib/api-client.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import { useAdminWrite } from '../../../lib/use-admin-write.js';

const linksKey = (connection: Connection, propertyId: string) =>
  [connectionKey(connection), 'share-links', propertyId] as const;

/** A property's share links with their state (active, expired, revoked); never the link itself. */
export const shareLinksQueryOptions = (connection: Connection, propertyId: string) =>
  queryOptions({
    queryKey: linksKey(connection, propertyId),
    queryFn: async ({ signal }) =>
      (await apiClient(connection).call('shareLinks', { params: { id: propertyId }, signal })).data,
  });

/** Makes a link; the link is in this mutation's result only, dropped from the cache once the form resets. */
export const useCreateShareLink = (propertyId: string) =>
  useAdminWrite(
    (c) => linksKey(c, propertyId),
    (client, body: z.input<typeof createShareLinkBody>) =>
      client.call('createShareLink', { params: { id: propertyId }, body }),
    { forgetResult: true },
  );

/** Revokes a link: its sessions end with their next request. */
export const useRevokeShareLink = (propertyId: string) =>
  useAdminWrite(
    (c) => linksKey(c, propertyId),
    (client, linkId: string) => client.call('revokeShareLink', { params: { id: propertyId, linkId } }),
    { refreshOnError: true },
  );
