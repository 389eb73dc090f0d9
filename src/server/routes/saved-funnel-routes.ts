import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoints } from '../../contract/endpoints.js';
import type { SavedFunnel } from '../../contract/funnels.js';
import { randomId } from '../auth/api-keys.js';
import { ApiError } from '../errors.js';
import type { SavedFunnelRecord, Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './analytics-routes.js';

const toApi = (f: SavedFunnelRecord): SavedFunnel => ({ id: f.id, name: f.name, steps: f.steps, created_at: f.created_at.toISOString() });

/** Saved funnels: property-scoped definitions, shared by every key of the property. */
export async function savedFunnelRoutes(app: FastifyInstance, opts: { store: Store }) {
  const { store } = opts;
  app.get(fastifyPath(endpoints.savedFunnels.path), async (request) => {
    const propertyId = scopedProperty(request);
    return { data: (await store.listSavedFunnels(propertyId)).map(toApi) };
  });

  app.post(fastifyPath(endpoints.saveFunnel.path), async (request, reply) => {
    const propertyId = scopedProperty(request);
    const body = parse(endpoints.saveFunnel.body, request.body, 'body');
    const now = new Date();
    if (body.id !== undefined) {
      const existing = await store.getSavedFunnel(propertyId, body.id);
      if (!existing) throw new ApiError(404, 'not_found', `no saved funnel "${body.id}" in this property`, { field: 'id' });
      const updated = { ...existing, name: body.name, steps: body.steps, updated_at: now };
      await store.saveFunnel(updated);
      return reply.status(200).send(toApi(updated));
    }
    const created: SavedFunnelRecord = { id: randomId('fnl'), property_id: propertyId, name: body.name, steps: body.steps, created_at: now, updated_at: now };
    await store.saveFunnel(created);
    return reply.status(201).send(toApi(created));
  });

  app.delete(fastifyPath(endpoints.deleteFunnel.path), async (request) => {
    const propertyId = scopedProperty(request);
    const { funnelId } = parse(z.object({ funnelId: z.string().min(1).max(64) }), request.params, 'params');
    if (!(await store.deleteSavedFunnel(propertyId, funnelId))) {
      throw new ApiError(404, 'not_found', `no saved funnel "${funnelId}" in this property`, { field: 'funnelId' });
    }
    return { id: funnelId, deleted: true as const };
  });
}
