import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { API_PREFIX } from '../../contract/endpoints.js';
import { openApiDocument } from '../../contract/openapi.js';

/**
 * The reference page starts Scalar with one inline script, which the server-wide policy (no inline
 * script) would block. Its hash is allowed for that page alone, so nothing else inline can run there.
 */
function allowOwnInlineScripts(html: string, policy: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
  return hashes.length === 0
    ? policy
    : policy.replace(/script-src ([^;]*)/, (_all, sources: string) => `script-src ${sources} ${hashes.join(' ')}`);
}

/** openapi.json, generated once from the contract, and a readable reference page beside it. */
export async function docsRoutes(app: FastifyInstance) {
  const document = openApiDocument();
  app.get(`${API_PREFIX}/openapi.json`, async () => document);
  app.addHook('onSend', async (_request, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (
      typeof payload === 'string' &&
      typeof policy === 'string' &&
      String(reply.getHeader('content-type')).startsWith('text/html')
    ) {
      reply.header('content-security-policy', allowOwnInlineScripts(payload, policy));
    }
    return payload;
  });
  await app.register(scalar, {
    routePrefix: `${API_PREFIX}/reference`,
    configuration: { url: `${API_PREFIX}/openapi.json`, pageTitle: 'Sightline API reference' },
  });
}
