import type { FastifyInstance } from 'fastify';
import { propertyId } from '../../contract/common.js';
import type { TrackerConfig, TrackerExperiment } from '../../tracker/experiments.js';
import { envelope } from '../plugins/errors.js';
import { buildTracker } from '../tracker/build-tracker.js';

export type { TrackerConfig, TrackerExperiment };

export interface TrackerRouteOptions {
  /**
   * The property's active experiments, in the shape of `GET /api/tracker/config?property=ID`; null
   * (or no hook) for none. Called on every `/sightline.js?p=ID` request, so keep it cheap (cache).
   */
  configFor?: (propertyId: string) => Promise<TrackerConfig | null> | TrackerConfig | null;
}

/** Only what the tracker needs of each experiment: nothing of names, labels or goals reaches pages. */
function trackerConfig(config: TrackerConfig | null): TrackerConfig {
  return {
    experiments: (config?.experiments ?? []).map((e) => ({
      id: e.id,
      page: e.page,
      type: e.type,
      variants: e.variants.map((v) => (typeof v.url == 'string' ? { url: v.url } : { changes: v.changes ?? [] })),
    })),
  };
}

/** JSON that is also safe inside an inline `<script>` (no `</script>`) and in any JS parser. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

/**
 * GET /sightline.js: the tracker, bundled once at start-up. Short caching so fixes reach sites soon.
 * `?p=ID` is the experiments form: the property's experiment configuration comes prepended to the
 * script (`window.__sightlineConfig = {...};`), so a synchronous tag in `<head>` can apply variants
 * before the first paint without a second request; cached a minute, so a started or stopped
 * experiment reaches visitors within about a minute.
 */
export async function trackerRoutes(app: FastifyInstance, opts: TrackerRouteOptions = {}) {
  const script = await buildTracker();
  app.get('/sightline.js', async (request, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8').header('access-control-allow-origin', '*');
    const p = (request.query as Record<string, unknown>).p;
    if (p === undefined) return reply.header('cache-control', 'public, max-age=300').send(script);
    if (typeof p !== 'string' || !propertyId.safeParse(p).success) {
      return reply.status(400).header('content-type', 'application/json; charset=utf-8').send(envelope('invalid_request', 'p must be a property id', { field: 'p' }));
    }
    let config: TrackerConfig | null = null;
    let maxAge = 60;
    try {
      config = (await opts.configFor?.(p)) ?? null;
    } catch (err) {
      // The page still gets its analytics; experiments sit this one out and the next minute retries.
      request.log.error({ err }, 'tracker config unavailable');
      maxAge = 10;
    }
    return reply
      .header('cache-control', `public, max-age=${maxAge}`)
      .send(`window.__sightlineConfig=${scriptJson(trackerConfig(config))};\n${script}`);
  });
}
