import type { FastifyInstance } from 'fastify';
import { pageElementsParams, type PageElements } from '../../contract/page-elements.js';
import { recommendationsParams } from '../../contract/recommendations.js';
import { llmConfigFromEnv, type LlmConfig } from '../recommendations/llm-engine.js';
import { recommendationsFor } from '../recommendations/recommend.js';
import type { Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './route-helpers.js';

export const RECOMMENDATIONS_PATH = '/properties/{propertyId}/split-test-recommendations';
export const PAGE_ELEMENTS_PATH = '/properties/{propertyId}/pages/elements';

/**
 * Split-test recommendations for a page, and the page's elements as its snapshot has them. The language model is read from the environment unless a
 * test passes one (or `null` for none).
 */
export async function recommendationRoutes(app: FastifyInstance, opts: { store: Store; llm?: LlmConfig | null }) {
  const llm = opts.llm === undefined ? llmConfigFromEnv() : opts.llm;
  app.get(fastifyPath(RECOMMENDATIONS_PATH), async (request) => {
    const propertyId = scopedProperty(request);
    const { page } = parse(recommendationsParams, request.query, 'query');
    return recommendationsFor(opts.store, propertyId, page, { now: new Date(), llm });
  });
  // The snapshot the recommender reads, for the wizard to check a typed selector against.
  app.get(fastifyPath(PAGE_ELEMENTS_PATH), async (request): Promise<PageElements> => {
    const propertyId = scopedProperty(request);
    const { page } = parse(pageElementsParams, request.query, 'query');
    const snapshot = await opts.store.pageSnapshot(propertyId, page);
    return {
      page,
      seen_at: snapshot ? snapshot.ts.toISOString() : null,
      elements: (snapshot?.elements ?? []).map(({ selector, tag, kind, text }) => ({ selector, tag, kind, text })),
    };
  });
}
