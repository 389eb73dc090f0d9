import type { FastifyInstance } from 'fastify';
import { buildTracker } from '../tracker/build-tracker.js';

/** GET /sightline.js: the tracker, bundled once at start-up. Short caching so fixes reach sites soon. */
export async function trackerRoutes(app: FastifyInstance) {
  const script = await buildTracker();
  app.get('/sightline.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .send(script),
  );
}
