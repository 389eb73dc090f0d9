import { describe, expect, it } from 'vitest';
import { useRecommendationEvidence } from '../test-support/recommendation-evidence.js';
import { draftsOf } from './deterministic-engine.js';
import { quote } from './format.js';

const { ev } = useRecommendationEvidence();

// A page's snapshot can come from anyone, so its text reaches a title only reviewed and quoted.
describe('snapshot text in titles', () => {
  it.each([
    ['markup', '<img src=x onerror=alert(1)>Buy', '"img src=x onerror=alert(1)Buy"'],
    ['a quote that would close the quotation early', 'Buy" now, and "free', '"Buy now, and free"'],
    ['Markdown link and code', '[Win](https://evil.example) `rm`', '"Win(https://evil.example) rm"'],
    ['bidi overrides, zero-width and control characters', 'Start\u202etrial\u200b\u0007 now', '"Start trial now"'],
    [
      'text over 60 characters',
      'Start your free trial today and get every feature for thirty full days',
      '"Start your free trial today and get every feature for thirt…"',
    ],
  ])('quote drops %s', (_what, text, quoted) => {
    expect(quote(text)).toBe(quoted);
  });

  it('a recommendation quotes a hostile button label reviewed, and says which text was collected', () => {
    const e = structuredClone(ev['/']);
    const cta = e.snapshot!.elements.find((x) => x.selector === '#hero-cta')!;
    cta.text = 'Learn more <script>alert(1)</script>\u202e';
    const recs = draftsOf(e).filter((r) => r.element_selector === '#hero-cta');
    expect(recs.length).toBeGreaterThan(0);
    for (const r of recs) {
      expect(r.title).not.toMatch(/[<>\u202e]/);
      expect(r.collected_text).toContain('Learn more scriptalert(1)/script');
    }
  });
});
