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
    // confidence = (20 + 45·volume + 35·gap) · (0.3 + 0.65·signal), volume = log10(1+n)/3, signal = log10(1+k)/2:
    // link: 15 page clicks, 10 on it, gap 1: (20 + 18.06 + 35) · 0.6385 = 46.6 → 47; lift 10 → value 4.7
    // headline: 40 entries, 30 bounced, gap 0.55: (20 + 24.19 + 19.25) · 0.7847 = 49.8 → 50; 5.5 → 2.75
    // text: 40 views, 2 clicks, gap 0.75: (20 + 24.19 + 26.25) · 0.4551 = 32.1 → 32; 6 → 1.92
    // contrast: 40 views, 2 clicks, gap 0.5: (20 + 24.19 + 17.5) · 0.4551 = 28.1 → 28; 6 → 1.68
    // tap on #menu-toggle: 28 mobile views, 3 clicks, gap 23/24: (20 + 21.94 + 33.54) · 0.4957 = 37.4 → 37;
    // 6·(23/24)·0.7 = 4.0 → 1.48; tap on a.docs loses to the link's css change. The headline, resting on
    // 30 bounced landings, now ranks above the label and contrast ideas resting on 2 clicks.
    expect(r.map((x) => [x.rule, x.element_selector, x.confidence_score, x.expected_impact])).toEqual([
      ['link-to-button', 'nav a.docs', 47, 'High: 8%+'],
      ['headline-clarity', '#hero-title', 50, 'Medium: 3-8%'],
      ['cta-text', '#hero-cta', 32, 'Medium: 3-8%'],
      ['cta-contrast', '#hero-cta', 28, 'Medium: 3-8%'],
      ['tap-targets', '#menu-toggle', 37, 'Medium: 3-8%'],
    ]);
    expect(r.map((x) => x.id)).toEqual(r.map((x) => recommendationId('/', x.element_selector, x.rule)));
  });

  it('keeps at most six', () => {
    const e = tweak(ev['/'], {});
    for (let i = 0; i < 8; i++)
      e.snapshot!.elements.push({ selector: `#more-${i}`, tag: 'a', kind: 'link', text: 'Read more', styles: {} });
    expect(draftsOf(e).length).toBeGreaterThan(6);
    expect(rankRecommendations(e)).toHaveLength(6);
  });

  it('recommends nothing for an element whose collected selector no browser would accept', () => {
    const e = tweak(ev['/'], {});
    const spoil = (selector: string) => `${selector} >`;
    e.snapshot!.elements.forEach((x) => {
      x.selector = spoil(x.selector);
    });
    e.clicks.targets.forEach((t) => {
      t.target = spoil(t.target);
    });
    e.forms.targets.forEach((t) => {
      t.target = spoil(t.target);
    });
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
