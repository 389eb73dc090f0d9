import type { z } from 'zod';
import type { Recommendation, recommendationsResponse } from '../../contract/recommendations.js';
import { ApiError } from '../api-error.js';
import type { Store } from '../store/store.js';
import { keyInsights, overallAnalysis } from './analysis.js';
import { rankRecommendations } from './deterministic-engine.js';
import { enrichWithLlm, type LlmConfig } from './llm-engine.js';
import { EVIDENCE_WINDOW_DAYS, gatherPageEvidence } from './page-evidence.js';

export type RecommendationsResponse = z.infer<typeof recommendationsResponse>;

/**
 * The recommendations for one page: the page's figures of the last 30 days, the deterministic
 * rules over them, then (when configured) a language model's rewording. 404 when nobody viewed it.
 */
export async function recommendationsFor(
  store: Store,
  propertyId: string,
  page: string,
  opts: { now: Date; llm?: LlmConfig | null },
): Promise<RecommendationsResponse> {
  const ev = await gatherPageEvidence(store, propertyId, page, opts.now);
  if (ev.pageViews === 0) {
    throw new ApiError(404, 'not_found', `${page} has no page views in the last ${EVIDENCE_WINDOW_DAYS} days`, {
      field: 'page',
    });
  }
  const [property] = await store.getProperties([propertyId]);
  const recommendations: Recommendation[] = rankRecommendations(ev).map(({ rule: _rule, score: _score, ...r }) => r);
  const base: RecommendationsResponse = {
    meta: {
      property_id: propertyId,
      page,
      // The live page, when the property says which domain it is served from.
      page_url: property?.domain ? `https://${property.domain}${page}` : page,
      engine: 'deterministic',
    },
    overall_analysis: overallAnalysis(ev, recommendations),
    key_insights: keyInsights(ev),
    recommendations,
  };
  return opts.llm ? enrichWithLlm(base, ev, opts.llm) : base;
}
