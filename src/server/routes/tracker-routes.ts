import type { FastifyInstance } from 'fastify';
import { propertyId } from '../../contract/common.js';
import type { TrackerConfig } from '../../contract/experiments.js';
import { envelope } from '../plugins/error-envelope.js';
import { buildTracker, needsHtmlSanitizer } from '../tracker/build-tracker.js';
import { encodeScript, sendEncoded, type EncodedScript } from '../tracker/encoded-script.js';
import { pageExperiment } from '../tracker/page-experiment.js';

export interface TrackerRouteOptions {
  /**
   * The property's active experiments, in the shape of `GET /api/tracker/config?property=ID`; null
   * (or no hook) for none. Called on every `/sightline.js?p=ID` request, so keep it cheap (cache).
   * The body made from a config object is kept as long as the object lives: return a new object when
   * the tests change, never the same one altered.
   */
  configFor?: (propertyId: string) => Promise<TrackerConfig | null> | TrackerConfig | null;
}

/** Only what the tracker needs of each experiment: the hook may answer more (tests do), none of it reaches pages. */
const trackerConfig = (config: TrackerConfig | null): TrackerConfig => ({
  experiments: (config?.experiments ?? []).map(pageExperiment),
});

/** Properties whose last script is kept, so an unchanged config is not compressed again (oldest dropped first). */
const KEPT_PROPERTIES = 1_000;
/** Brotli quality for scripts with a config (encoded-script.ts says why not 11). */
const CONFIG_QUALITY = 5;

/** JSON that is also safe inside an inline `<script>` (no `</script>`) and in any JS parser. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

/**
 * GET /sightline.js: the tracker, bundled once at start-up. Short caching so fixes reach sites soon.
 * `?p=ID` is the experiments form: the property's experiment configuration comes prepended to the
 * script (`window.__sightlineConfig = {...};`), so a synchronous tag in `<head>` can apply variants
 * before the first paint without a second request; cached a minute, so a started or stopped
 * experiment reaches visitors within about a minute. Both forms are compressed once per content (not per
 * download: that would let a big config cost the server a compression per request) and carry an ETag.
 */
export async function trackerRoutes(app: FastifyInstance, opts: TrackerRouteOptions = {}) {
  const script = await buildTracker();
  // DOMPurify only travels with a configuration that has an html change (docs/tracking.md).
  const sanitizing = await buildTracker({ htmlSanitizer: true });
  const plain = await encodeScript(script);
  const noneJson = scriptJson(trackerConfig(null));
  const none = await encodeScript(`window.__sightlineConfig=${noneJson};\n${script}`, CONFIG_QUALITY);
  const byConfig = new WeakMap<TrackerConfig, Promise<EncodedScript>>();
  const last = new Map<string, { json: string; body: Promise<EncodedScript> }>();
  /** The script for a property's config: the one made for this config object, or for equal JSON, or a new one. */
  const bodyFor = (p: string, config: TrackerConfig | null): EncodedScript | Promise<EncodedScript> => {
    if (!config) return none;
    const made = byConfig.get(config);
    if (made) return made;
    const json = scriptJson(trackerConfig(config));
    if (json === noneJson) return none;
    const kept = last.get(p);
    const body =
      kept?.json === json
        ? kept.body
        : encodeScript(
            `window.__sightlineConfig=${json};\n${needsHtmlSanitizer(config) ? sanitizing : script}`,
            CONFIG_QUALITY,
          );
    byConfig.set(config, body);
    last.delete(p);
    last.set(p, { json, body });
    if (last.size > KEPT_PROPERTIES) last.delete(last.keys().next().value!);
    return body;
  };

  app.get('/sightline.js', async (request, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8').header('access-control-allow-origin', '*');
    const p = (request.query as Record<string, unknown>).p;
    if (p === undefined) return sendEncoded(request, reply.header('cache-control', 'public, max-age=300'), plain);
    if (typeof p !== 'string' || !propertyId.safeParse(p).success) {
      return reply
        .status(400)
        .header('content-type', 'application/json; charset=utf-8')
        .send(envelope('invalid_request', 'p must be a property id', { field: 'p' }));
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
    return sendEncoded(request, reply.header('cache-control', `public, max-age=${maxAge}`), await bodyFor(p, config));
  });
}
