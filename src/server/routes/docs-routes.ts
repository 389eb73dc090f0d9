import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../contract/endpoints.js';
import { openApiDocument } from '../../contract/openapi.js';

/** openapi.json, generated once from the contract, and a readable reference page beside it. */
export async function docsRoutes(app: FastifyInstance) {
  const document = openApiDocument();
  app.get(`${API_PREFIX}/openapi.json`, async () => document);
  await app.register(scalar, {
    routePrefix: `${API_PREFIX}/reference`,
    configuration: { url: `${API_PREFIX}/openapi.json`, pageTitle: 'Sightline API reference' },
  });
}
