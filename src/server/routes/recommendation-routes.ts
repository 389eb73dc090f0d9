import type { FastifyInstance } from 'fastify';
import { recommendationsQuery } from '../../contract/recommendations.js';
import { llmConfigFromEnv, type LlmConfig } from '../recommendations/llm-engine.js';
import { recommendationsFor } from '../recommendations/recommend.js';
import type { Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './analytics-routes.js';

export const RECOMMENDATIONS_PATH = '/properties/{propertyId}/split-test-recommendations';

/**
 * Split-test recommendations for a page. The language model is read from the environment unless a
 * test passes one (or `null` for none).
 */
export async function recommendationRoutes(app: FastifyInstance, opts: { store: Store; llm?: LlmConfig | null }) {
  const llm = opts.llm === undefined ? llmConfigFromEnv() : opts.llm;
  app.get(fastifyPath(RECOMMENDATIONS_PATH), async (request) => {
    const propertyId = scopedProperty(request);
    const { page } = parse(recommendationsQuery, request.query, 'query');
    return recommendationsFor(opts.store, propertyId, page, { now: new Date(), llm });
  });
}
