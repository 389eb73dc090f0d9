import type { FastifyInstance } from 'fastify';
import { trackerConfigQuery, type TrackerConfig } from '../../contract/experiments.js';
import { ApiError } from '../errors.js';
import { settleAutoStops } from '../experiments/lifecycle.js';
import { propertyDirectory } from '../ingest/property-directory.js';
import type { ExperimentRecord, Store } from '../store/store.js';
import { parse } from './analytics-routes.js';

/** Only what the page script needs to assign and apply: no names, goals or figures leave the API. */
function forPage(e: ExperimentRecord): TrackerConfig['experiments'][number] {
  return {
    id: e.id,
    page: e.page,
    type: e.type,
    variants: e.variants.map((v, i) => (i === 0 || v.url === undefined ? { changes: v.changes } : { url: v.url })),
  };
}

const CONFIG_CACHE_MS = 10_000;

/**
 * The config `/sightline.js?p=ID` embeds, or null for an unknown property. Cached briefly per
 * property: every page load of a tested site asks for it, and a test's start or stop may show up to
 * this much later (plus the browser's own minute of caching).
 */
export function trackerConfigFor(store: Store): (propertyId: string) => Promise<TrackerConfig | null> {
  const exists = propertyDirectory(store);
  const cache = new Map<string, { config: TrackerConfig | null; at: number }>();
  return async (propertyId) => {
    const hit = cache.get(propertyId);
    if (hit && Date.now() - hit.at < CONFIG_CACHE_MS) return hit.config;
    let config: TrackerConfig | null = null;
    if (await exists(propertyId)) {
      await settleAutoStops(store, propertyId);
      config = { experiments: (await store.activeExperiments(propertyId)).map(forPage) };
    }
    if (cache.size > 10_000) cache.clear();
    cache.set(propertyId, { config, at: Date.now() });
    return config;
  };
}

/**
 * GET /api/tracker/config?property=ID: the property's active split tests. Public like /sightline.js
 * (pages fetch it from any origin without a key) and cached for a minute, which bounds how long a
 * stopped test keeps being served.
 */
export async function trackerConfigRoutes(app: FastifyInstance, opts: { store: Store }) {
  const exists = propertyDirectory(opts.store);
  // On errors too, so a page's script can read why it was refused.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.get('/api/tracker/config', async (request, reply) => {
    const { property } = parse(trackerConfigQuery, request.query, 'query');
    if (!(await exists(property))) throw new ApiError(400, 'invalid_request', `no property "${property}"`, { field: 'property' });
    await settleAutoStops(opts.store, property);
    const config: TrackerConfig = { experiments: (await opts.store.activeExperiments(property)).map(forPage) };
    return reply.header('cache-control', 'public, max-age=60').send(config);
  });
}
