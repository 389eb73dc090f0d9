import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyPermission } from '../../contract/admin.js';
import { endpoints } from '../../contract/endpoints.js';
import { ApiError } from '../api-error.js';
import { settleAutoStops } from '../experiments/lifecycle.js';
import { experimentTimeline } from '../experiments/experiment-timeline.js';
import type { ExperimentRecord, Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './route-helpers.js';

interface Options {
  store: Store;
  /** Told after an archive, restore or delete (the tracker drops its cached config). */
  onChange?: (propertyId: string) => void;
}

export const experimentNotFound = (id: string) =>
  new ApiError(404, 'not_found', `no split test "${id}" in this property`, { field: 'experimentId' });
/** Only a complete test can be archived or deleted: a running one still decides what visitors see. */
const stillRunning = (e: ExperimentRecord, action: string) =>
  new ApiError(409, 'conflict', `split test "${e.id}" is still running; stop it before you ${action} it`, {
    field: 'status',
    status: e.status,
  });

/**
 * The split-test extensions beside the spec's endpoints: results by day, archive, restore and delete.
 * Checks run 401 → 403 → 400 → 404 → 409, each after settling the property's auto-stops (a test whose
 * time is up is complete, so it may be archived at once).
 */
export async function splitTestArchiveRoutes(app: FastifyInstance, opts: Options) {
  const { store } = opts;

  /** The scoped property's test named in the path, after auto-stops: 404 when there is none. */
  const found = async (request: FastifyRequest, permission: KeyPermission, now = new Date()) => {
    const propertyId = scopedProperty(request, permission);
    const { experimentId } = parse(endpoints.splitTest.params, request.params, 'params');
    await settleAutoStops(store, propertyId, now);
    const e = await store.getExperiment(propertyId, experimentId);
    if (!e) throw experimentNotFound(experimentId);
    return e;
  };
  /** The store's answer, or why it refused: the test is gone (404) or running again cannot be, so running (409). */
  const orRefuse = async <T>(e: ExperimentRecord, result: T | null | false, action: string): Promise<T> => {
    if (result) return result;
    const now = await store.getExperiment(e.property_id, e.id);
    throw now ? stillRunning(now, action) : experimentNotFound(e.id);
  };

  app.get(fastifyPath(endpoints.splitTestTimeline.path), async (request) => {
    const now = new Date();
    return experimentTimeline(store, await found(request, 'metrics', now), now);
  });

  const archive = (action: 'archive' | 'restore') => async (request: FastifyRequest) => {
    const e = await found(request, endpoints.archiveSplitTest.permission);
    if (e.status !== 'complete') throw stillRunning(e, action);
    const changed = await orRefuse(
      e,
      await store.archiveExperiment(e.property_id, e.id, action === 'archive' ? new Date() : null),
      action,
    );
    opts.onChange?.(e.property_id);
    return { experiment_id: changed.id, archived_at: changed.archived_at?.toISOString() ?? null };
  };
  app.post(fastifyPath(endpoints.archiveSplitTest.path), archive('archive'));
  app.post(fastifyPath(endpoints.restoreSplitTest.path), archive('restore'));

  app.delete(fastifyPath(endpoints.deleteSplitTest.path), async (request) => {
    const e = await found(request, endpoints.deleteSplitTest.permission);
    if (e.status !== 'complete') throw stillRunning(e, 'delete');
    await orRefuse(e, await store.deleteExperiment(e.property_id, e.id), 'delete');
    opts.onChange?.(e.property_id);
    return { experiment_id: e.id, deleted: true as const };
  });
}
