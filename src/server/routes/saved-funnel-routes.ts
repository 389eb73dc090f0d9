import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoints } from '../../contract/endpoints.js';
import type { Filter } from '../../contract/filters.js';
import type { SavedFunnel, SaveFunnelBody } from '../../contract/funnels.js';
import { stepTargets } from '../analytics/funnel-step-goals.js';
import { randomId } from '../auth/api-keys.js';
import { ApiError } from '../api-error.js';
import type { SavedFunnelRecord, Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './route-helpers.js';

const tupleOf = (f: Filter): [Filter['op'], Filter['dimension'], Filter['values']] => [f.op, f.dimension, f.values];

/**
 * Each of mode, breakdown and filters is answered when the funnel has it; a funnel saved without
 * them (a seed client's) reads back exactly as the seed API answers, which means unbounded, no
 * breakdown and no filters (decisions.md "Saved funnels").
 */
const toApi = (f: SavedFunnelRecord): SavedFunnel => ({
  id: f.id,
  name: f.name,
  steps: f.steps,
  ...(f.mode ? { mode: f.mode } : {}),
  ...(f.breakdown_by ? { breakdownBy: f.breakdown_by } : {}),
  ...(f.filters ? { filters: f.filters.map(tupleOf) } : {}),
  created_at: f.created_at.toISOString(),
});

type FunnelOptions = Pick<SavedFunnelRecord, 'mode' | 'breakdown_by' | 'filters'>;

/**
 * The body's mode, breakdown and filters over what the funnel had: a field left out keeps its value
 * (a seed client's rename keeps the dashboard's mode), `breakdownBy: null` removes the breakdown.
 */
function options(body: SaveFunnelBody, had: FunnelOptions): FunnelOptions {
  const next: FunnelOptions = {};
  const mode = body.mode ?? had.mode;
  const breakdown = body.breakdownBy === undefined ? had.breakdown_by : body.breakdownBy;
  const filters = body.filters
    ? body.filters.map(([op, dimension, values]): Filter => ({ op, dimension, values }))
    : had.filters;
  if (mode) next.mode = mode;
  if (breakdown) next.breakdown_by = breakdown;
  if (filters) next.filters = filters;
  return next;
}

/** Saved funnels: property-scoped definitions, shared by every key of the property. */
export async function savedFunnelRoutes(app: FastifyInstance, opts: { store: Store }) {
  const { store } = opts;
  app.get(fastifyPath(endpoints.savedFunnels.path), async (request) => {
    const propertyId = scopedProperty(request);
    return { data: (await store.listSavedFunnels(propertyId)).map(toApi) };
  });

  app.post(fastifyPath(endpoints.saveFunnel.path), async (request, reply) => {
    const propertyId = scopedProperty(request, endpoints.saveFunnel.permission);
    const body = parse(endpoints.saveFunnel.body, request.body, 'body');
    // A goal step names one of the property's goals (400 on `steps.N.goal`); it is kept by id.
    await stepTargets(store, [propertyId], body.steps, 'body');
    const now = new Date();
    if (body.id !== undefined) {
      const existing = await store.getSavedFunnel(propertyId, body.id);
      if (!existing)
        throw new ApiError(404, 'not_found', `no saved funnel "${body.id}" in this property`, { field: 'id' });
      const { mode: _mode, breakdown_by: _breakdown, filters: _filters, ...kept } = existing;
      const updated: SavedFunnelRecord = {
        ...kept,
        name: body.name,
        steps: body.steps,
        ...options(body, existing),
        updated_at: now,
      };
      await store.saveFunnel(updated);
      return reply.status(200).send(toApi(updated));
    }
    const created: SavedFunnelRecord = {
      id: randomId('fnl'),
      property_id: propertyId,
      name: body.name,
      steps: body.steps,
      ...options(body, {}),
      created_at: now,
      updated_at: now,
    };
    await store.saveFunnel(created);
    return reply.status(201).send(toApi(created));
  });

  app.delete(fastifyPath(endpoints.deleteFunnel.path), async (request) => {
    const propertyId = scopedProperty(request, endpoints.deleteFunnel.permission);
    const { funnelId } = parse(z.object({ funnelId: z.string().min(1).max(64) }), request.params, 'params');
    if (!(await store.deleteSavedFunnel(propertyId, funnelId))) {
      throw new ApiError(404, 'not_found', `no saved funnel "${funnelId}" in this property`, { field: 'funnelId' });
    }
    return { id: funnelId, deleted: true as const };
  });
}
