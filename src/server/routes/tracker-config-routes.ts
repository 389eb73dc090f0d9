import type { FastifyInstance } from 'fastify';
import { trackerConfigParams, type TrackerConfig } from '../../contract/experiments.js';
import { ApiError } from '../api-error.js';
import { settleAutoStops } from '../experiments/lifecycle.js';
import { propertyDirectory } from '../ingest/property-directory.js';
import type { Store } from '../store/store.js';
import { pageExperiment } from '../tracker/page-experiment.js';
import { parse } from './route-helpers.js';

/**
 * The config `/sightline.js?p=ID` embeds, or null for an unknown property. Reads the store each
 * time; buildApp keeps the answer 5 s per property (tracker/config-cache.ts) and drops it when a test
 * is created or stopped through the API, so that change still reaches the next page load.
 */
export function trackerConfigFor(store: Store): (propertyId: string) => Promise<TrackerConfig | null> {
  const exists = propertyDirectory(store);
  return async (propertyId) => {
    if (!(await exists(propertyId))) return null;
    await settleAutoStops(store, propertyId);
    return { experiments: (await store.activeExperiments(propertyId)).map(pageExperiment) };
  };
}

/**
 * GET /api/tracker/config?property=ID: the property's active split tests. Public like /sightline.js
 * (pages fetch it from any origin without a key) and cached for a minute, which bounds how long a
 * stopped test keeps being served. `configFor` is the same short-lived cache `/sightline.js?p=` reads
 * (tracker/config-cache.ts), so a burst of requests costs one store read.
 */
export async function trackerConfigRoutes(
  app: FastifyInstance,
  opts: { configFor: (propertyId: string) => Promise<TrackerConfig | null> },
) {
  const { configFor } = opts;
  // On errors too, so a page's script can read why it was refused.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.get('/api/tracker/config', async (request, reply) => {
    const { property } = parse(trackerConfigParams, request.query, 'query');
    const config = await configFor(property);
    if (!config) throw new ApiError(400, 'invalid_request', `no property "${property}"`, { field: 'property' });
    return reply.header('cache-control', 'public, max-age=60').send(config);
  });
}
