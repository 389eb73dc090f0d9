import { createHash } from 'node:crypto';
import { selectorProblem } from '../../contract/css-selector.js';
import type { Recommendation } from '../../contract/recommendations.js';
import type { PageEvidence } from './page-evidence.js';
import { ctaContrast } from './rules/cta-contrast.js';
import { ctaText } from './rules/cta-text.js';
import { formButton } from './rules/form-button.js';
import { headlineClarity } from './rules/headline-clarity.js';
import { linkToButton } from './rules/link-to-button.js';
import type { Draft, Rule } from './rules/rule.js';
import { tapTargets } from './rules/tap-targets.js';
import { collectedTextOf, plainTitle } from './format.js';
import { score, type Score } from './scoring.js';

export const RULES: Rule[] = [ctaContrast, ctaText, headlineClarity, formButton, linkToButton, tapTargets];
export const MAX_RECOMMENDATIONS = 6;

export type Ranked = Recommendation & { rule: Draft['rule']; score: Score };

/** Same page, element and rule → same id, so a dashboard can tell a recommendation it has seen before. */
export const recommendationId = (page: string, selector: string, rule: string) =>
  `rec_${createHash('sha256').update(`${page}\n${selector}\n${rule}`).digest('hex').slice(0, 16)}`;

/** Every rule's drafts, scored; not yet deduplicated or capped (the rule tests read this). */
export function draftsOf(ev: PageEvidence): Ranked[] {
  // Targets come from collected events (any client can send any string): a selector the page
  // script could not use would become a test that changes nothing. So would a css variant with
  // nothing left in it (every value it held is already on the page).
  const usable = (d: Draft) =>
    selectorProblem(d.target.selector) === null && !(d.change_type === 'css' && d.variant_value === '{}');
  return RULES.flatMap((rule) => rule(ev))
    .filter(usable)
    .map((d) => {
      const s = score(d);
      return {
        id: recommendationId(ev.page, d.target.selector, d.rule),
        title: plainTitle(d.title),
        collected_text: collectedTextOf(d.title),
        element_selector: d.target.selector,
        element_type: d.target.element_type,
        change_type: d.change_type,
        control_value: d.control_value,
        variant_value: d.variant_value,
        confidence_score: s.confidence,
        expected_impact: s.impact,
        evidence: d.evidence,
        rule: d.rule,
        score: s,
      };
    });
}

/**
 * Ranked by expected value (lift × confidence), at most six. One element gets one change of each
 * kind: two css variants on a button would be two tests fighting over the same pixels.
 */
export function rankRecommendations(ev: PageEvidence): Ranked[] {
  const sorted = draftsOf(ev).sort(
    (a, b) => b.score.value - a.score.value || b.confidence_score - a.confidence_score || a.id.localeCompare(b.id),
  );
  const seen = new Set<string>();
  return sorted
    .filter((r) => {
      const key = `${r.element_selector}\n${r.change_type}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_RECOMMENDATIONS);
}
