import { describe, expect, it } from 'vitest';
import { change, cssValue } from '../../contract/experiments.js';
import { recommendationToChange } from '../../contract/recommendations.js';
import { PROP_A } from '../test-support/fixtures.js';
import { SNAPSHOTS } from '../test-support/recommendation-dataset.js';
import { RECOMMENDATION_NOW, useRecommendationEvidence } from '../test-support/recommendation-evidence.js';
import { draftsOf, rankRecommendations, recommendationId } from './deterministic-engine.js';
import type { PageEvidence } from './page-evidence.js';
import { recommendationsFor } from './recommend.js';

const NOW = RECOMMENDATION_NOW;
const { ev, env: testEnv } = useRecommendationEvidence();

const tweak = (e: PageEvidence, patch: Partial<PageEvidence>): PageEvidence => ({ ...structuredClone(e), ...patch });

describe('ranking', () => {
  it('scores by the written formula, ranks by lift × confidence and keeps one css change per element', () => {
    const r = rankRecommendations(ev['/']);
    // link 10%·1 × 73 = 7.3; text 8·0.75 × 70 = 4.2; contrast 12·0.5 × 62 = 3.72; headline 10·0.55 × 63 = 3.47;
    // tap on #menu-toggle 6·(23/24)·0.7 = 4.0 × 75 = 3.0; tap on a.docs loses to the link's css change
    expect(r.map((x) => [x.rule, x.element_selector, x.confidence_score, x.expected_impact])).toEqual([
      ['link-to-button', 'nav a.docs', 73, 'High: 8%+'],
      ['cta-text', '#hero-cta', 70, 'Medium: 3-8%'],
      ['cta-contrast', '#hero-cta', 62, 'Medium: 3-8%'],
      ['headline-clarity', '#hero-title', 63, 'Medium: 3-8%'],
      ['tap-targets', '#menu-toggle', 75, 'Medium: 3-8%'],
    ]);
    expect(r.map((x) => x.id)).toEqual(r.map((x) => recommendationId('/', x.element_selector, x.rule)));
  });

  it('keeps at most six', () => {
    const e = tweak(ev['/'], {});
    for (let i = 0; i < 8; i++) e.snapshot!.elements.push({ selector: `#more-${i}`, tag: 'a', kind: 'link', text: 'Read more', styles: {} });
    expect(draftsOf(e).length).toBeGreaterThan(6);
    expect(rankRecommendations(e)).toHaveLength(6);
  });

  it('recommends nothing for an element whose collected selector no browser would accept', () => {
    const e = tweak(ev['/'], {});
    const spoil = (selector: string) => `${selector} >`;
    e.snapshot!.elements.forEach((x) => { x.selector = spoil(x.selector); });
    e.clicks.targets.forEach((t) => { t.target = spoil(t.target); });
    e.forms.targets.forEach((t) => { t.target = spoil(t.target); });
    expect(draftsOf(ev['/']).length).toBeGreaterThan(0);
    expect(draftsOf(e)).toEqual([]);
  });

  it('names real elements and maps every recommendation to a valid change', async () => {
    for (const page of ['/', '/signup', '/docs']) {
      const known = SNAPSHOTS[page]?.map((x) => x.selector) ?? ev[page].clicks.targets.map((t) => t.target);
      for (const r of (await recommendationsFor(testEnv().store, PROP_A, page, { now: NOW })).recommendations) {
        expect(known).toContain(r.element_selector);
        const mapped = change.parse(recommendationToChange(r));
        expect(mapped).toMatchObject({ selector: r.element_selector, op: r.change_type });
        if (r.change_type === 'css') {
          expect(cssValue.parse(JSON.parse(r.variant_value))).toEqual(mapped.value);
          expect(Object.keys(JSON.parse(r.variant_value)).every((k) => /^[a-z][a-zA-Z]*$/.test(k))).toBe(true);
          expect(typeof JSON.parse(r.control_value)).toBe('object');
        }
      }
    }
  });

  it('gives the same answer for the same data', async () => {
    const a = await recommendationsFor(testEnv().store, PROP_A, '/', { now: NOW });
    const b = await recommendationsFor(testEnv().store, PROP_A, '/', { now: NOW });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.meta.engine).toBe('deterministic');
  });
});
