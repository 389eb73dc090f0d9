import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminProperty } from '../../contract/admin.js';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { isValidZone } from '../analytics/time-frame.js';
import { ApiError } from '../api-error.js';
import type { Property, Store } from '../store/store.js';
import { adminPath, parse } from './route-helpers.js';

const notFound = (id: string) => new ApiError(404, 'not_found', `no property with id "${id}"`, { field: 'id' });

/**
 * Editing and deleting a property, and whether its snippet has sent anything yet (issue 13 §18).
 * Registered inside the admin routes, behind their session and CSRF checks.
 */
export async function propertyLifecycleRoutes(
  app: FastifyInstance,
  opts: { store: Store; toApi: (p: Property, request: FastifyRequest) => AdminProperty },
) {
  const { store } = opts;

  app.patch(adminPath(admin.updateProperty.path), async (request) => {
    const { id } = parse(admin.updateProperty.params, request.params, 'params');
    const body = parse(admin.updateProperty.body, request.body, 'body');
    if (body.timezone !== undefined && !isValidZone(body.timezone)) {
      throw new ApiError(400, 'invalid_request', `timezone: unknown time zone "${body.timezone}"`, {
        field: 'timezone',
        in: 'body',
      });
    }
    const updated = await store.updateProperty(id, {
      name: body.name,
      timezone: body.timezone,
      domain: body.domain === undefined ? undefined : body.domain || null,
    });
    if (!updated) throw notFound(id);
    return opts.toApi(updated, request);
  });

  // Polled by the dashboard while a new property waits for its first event: one cheap read (store).
  app.get(adminPath(admin.propertyStatus.path), async (request) => {
    const { id } = parse(admin.propertyStatus.params, request.params, 'params');
    if ((await store.getProperties([id])).length === 0) throw notFound(id);
    const last = await store.lastEventAt(id, new Date());
    return { id, last_event_at: last ? last.toISOString() : null };
  });

  // A property with events is refused, not emptied (docs/decisions.md "Deleting a property").
  app.delete(adminPath(admin.deleteProperty.path), async (request) => {
    const { id } = parse(admin.deleteProperty.params, request.params, 'params');
    if ((await store.getProperties([id])).length === 0) throw notFound(id);
    const last = await store.lastEventAt(id, new Date());
    if (last) {
      throw new ApiError(
        409,
        'conflict',
        `property "${id}" has received events (the latest at ${last.toISOString()}); a property with data cannot be deleted`,
        {
          field: 'id',
          last_event_at: last.toISOString(),
        },
      );
    }
    if (!(await store.deleteProperty(id))) throw notFound(id);
    return { id, deleted: true as const };
  });
}
