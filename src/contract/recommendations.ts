import { z } from 'zod';
import { pagePath } from './common.js';
import { cssValue, type Change } from './experiments.js';

export const impactLevels = ['Low: <3%', 'Medium: 3-8%', 'High: 8%+'] as const;

export const recommendationsParams = z.object({ page: pagePath });

export const recommendation = z.object({
  id: z.string(),
  title: z.string(),
  /**
   * The title's quotations: the page's own text as browsers reported it (anyone can send a page's
   * snapshot), reviewed (no markup or invisible characters, at most 60 characters). Show it as quoted text.
   */
  collected_text: z.array(z.string()).optional(),
  element_selector: z.string(),
  element_type: z.string(),
  change_type: z.enum(['text', 'css']),
  control_value: z.string(),
  variant_value: z.string(),
  confidence_score: z.number().min(0).max(100),
  expected_impact: z.enum(impactLevels),
  /** Why: the page's own figures this recommendation rests on (an addition to the spec's fields). */
  evidence: z.array(z.string()).optional(),
});
export type Recommendation = z.infer<typeof recommendation>;

export const recommendationsResponse = z.object({
  meta: z.object({ property_id: z.string(), page: z.string(), page_url: z.string(), engine: z.string() }),
  overall_analysis: z.string(),
  key_insights: z.array(z.string()),
  recommendations: z.array(recommendation),
});

/**
 * The spec's mapping, shared by the server and the dashboard: `element_selector` → `selector`,
 * `change_type` → `op`, `variant_value` → `value` (for css, the JSON of camel-case properties parsed).
 */
export function recommendationToChange(
  r: Pick<Recommendation, 'element_selector' | 'change_type' | 'variant_value'>,
): Change {
  if (r.change_type === 'css') {
    return { selector: r.element_selector, op: 'css', value: cssValue.parse(JSON.parse(r.variant_value)) };
  }
  return { selector: r.element_selector, op: 'text', value: r.variant_value };
}
