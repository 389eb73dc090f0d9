import { describe, expect, it } from 'vitest';
import { SNAPSHOTS } from '../test-support/recommendation-dataset.js';
import { useRecommendationEvidence } from '../test-support/recommendation-evidence.js';
import { draftsOf } from './deterministic-engine.js';
import type { PageEvidence } from './page-evidence.js';
import { contrast, parseColor } from './rules/css-math.js';

const { ev } = useRecommendationEvidence();

const byRule = (e: PageEvidence, rule: string) => draftsOf(e).filter((r) => r.rule === rule);
const tweak = (e: PageEvidence, patch: Partial<PageEvidence>): PageEvidence => ({ ...structuredClone(e), ...patch });

describe('rules', () => {
  it('primary CTA with 5% click-through: contrast and size from its own styles', () => {
    const [r] = byRule(ev['/'], 'cta-contrast');
    // the biggest filled button; #menu-toggle is transparent
    expect(r.element_selector).toBe('#hero-cta');
    // Its text is already white: the variant leaves it out (and so does the control).
    expect(JSON.parse(r.control_value)).toEqual({
      backgroundColor: 'rgb(147, 197, 253)',
      fontSize: '14px',
      padding: '6px 12px',
    });
    const v = JSON.parse(r.variant_value);
    expect(v).toMatchObject({ fontSize: '16px', padding: '12px 24px' });
    expect(Object.keys(v)).toEqual(['backgroundColor', 'fontSize', 'padding']);
    expect(contrast(parseColor(v.backgroundColor)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(r.evidence?.[0]).toBe(
      '"Learn more" (#hero-cta) got 2 clicks in 40 page views: 5.0% click-through against a 10% benchmark',
    );
    // #buy: 9 clicks / 35 views = 26%, above the benchmark
    expect(byRule(ev['/pricing'], 'cta-contrast')).toEqual([]);
  });

  it('a call to action in oklch() is filled; its colours are never proposed again; no clicks, low confidence', () => {
    // Tailwind 4's indigo-700 behind white, as Chrome reports them: a background (it read as none before),
    // already 4.5:1 with white text, so the variant keeps both colours and only grows the button.
    const e = tweak(ev['/'], {});
    const cta = e.snapshot!.elements.find((x) => x.selector === '#hero-cta')!;
    cta.styles = { ...cta.styles, backgroundColor: 'oklch(0.457 0.24 277.023)', color: 'oklch(1 0 0)' };
    e.clicks.targets = e.clicks.targets.filter((t) => t.target !== '#hero-cta');
    const [r] = byRule(e, 'cta-contrast');
    expect(r.element_selector).toBe('#hero-cta');
    expect(JSON.parse(r.variant_value)).toEqual({ fontSize: '16px', padding: '12px 24px' });
    expect(JSON.parse(r.control_value)).toEqual({ fontSize: '14px', padding: '6px 12px' });
    expect(r.evidence?.[2]).toBe(
      'its colours already give white text 4.5:1 contrast, so the variant keeps them and makes it bigger: 16px font, padding 12px 24px',
    );
    // 0 clicks in 40 views: (20 + 45·log10(41)/3 + 35·1) · 0.3 = (20 + 24.19 + 35) · 0.3 = 23.8
    expect(r.confidence_score).toBe(24);
  });

  it('generic labels get a verb phrase from where they lead or from the page', () => {
    expect(byRule(ev['/'], 'cta-text').map((r) => [r.element_selector, r.control_value, r.variant_value])).toEqual([
      ['#hero-cta', 'Learn more', 'Compare plans'],
    ]);
    expect(byRule(ev['/signup'], 'cta-text').map((r) => [r.element_selector, r.variant_value])).toEqual([
      ['#signup-form button', 'Create my account'],
    ]);
    expect(byRule(ev['/pricing'], 'cta-text')).toEqual([]); // "Start free trial" says what it does
  });

  it('high bounce and shallow scroll: a shorter headline without the greeting', () => {
    const [r] = byRule(ev['/'], 'headline-clarity');
    expect(r).toMatchObject({
      element_selector: '#hero-title',
      element_type: 'heading',
      change_type: 'text',
      variant_value: 'Simple analytics for teams that care about privacy',
    });
    expect(r.control_value).toBe(SNAPSHOTS['/'][0].text);
    expect(r.evidence?.[0]).toBe(
      '30 of the 40 sessions that landed on / left without another page: 75% bounce rate (above 50%)',
    );
    expect(byRule(tweak(ev['/'], { bounceRate: 0.5 }), 'headline-clarity')).toEqual([]);
    expect(byRule(tweak(ev['/'], { avgScrollDepth: 0.5 }), 'headline-clarity')).toEqual([]);
    expect(byRule(ev['/docs'], 'headline-clarity')).toEqual([]); // 100% bounce but 60% scroll, and no snapshot
  });

  it('an already short headline leads with what visitors click most', () => {
    const e = tweak(ev['/'], {});
    e.snapshot!.elements[0].text = 'Analytics';
    expect(byRule(e, 'headline-clarity')[0].variant_value).toBe('Analytics: Documentation');
  });

  it('form submitted by 4% of views: its submit button, never invented', () => {
    const [r] = byRule(ev['/signup'], 'form-button');
    expect(r.element_selector).toBe('#signup-form button');
    // a grey button carries no brand colour: the fallback accent; its font is already 16px, so not proposed
    expect(JSON.parse(r.variant_value)).toEqual({
      backgroundColor: '#1d4ed8',
      color: '#ffffff',
      fontWeight: '700',
      padding: '14px 28px',
    });
    expect(Object.keys(JSON.parse(r.control_value))).toEqual(['backgroundColor', 'color', 'fontWeight', 'padding']);
    const better = tweak(ev['/signup'], {});
    better.forms.targets[0].perView = 0.08;
    expect(byRule(better, 'form-button')).toEqual([]);
    const noButton = tweak(ev['/signup'], {});
    noButton.snapshot!.elements = noButton.snapshot!.elements.filter((x) => x.kind !== 'button');
    expect(byRule(noButton, 'form-button')).toEqual([]);
  });

  it('a plain link with 67% of the clicks becomes a button', () => {
    const [r] = byRule(ev['/'], 'link-to-button');
    expect(r.element_selector).toBe('nav a.docs');
    expect(JSON.parse(r.variant_value)).toMatchObject({
      display: 'inline-block',
      color: '#ffffff',
      backgroundColor: '#2563eb',
    });
    const less = tweak(ev['/'], {});
    less.clicks.targets[0].share = 0.29;
    expect(byRule(less, 'link-to-button')).toEqual([]);
  });

  it('70% mobile: the two most clicked small targets grow to 48 px', () => {
    const r = byRule(ev['/'], 'tap-targets');
    expect(r.map((x) => [x.element_selector, x.variant_value])).toEqual([
      ['nav a.docs', '{"fontSize":"16px","padding":"15px 16px"}'],
      ['#menu-toggle', '{"fontSize":"16px","padding":"15px 16px"}'],
    ]);
    expect(byRule(tweak(ev['/'], { mobileShare: 0.49 }), 'tap-targets')).toEqual([]);
  });

  it('a healthy page gets no recommendation; under 10 views the rate rules stay quiet', () => {
    expect(draftsOf(ev['/pricing'])).toEqual([]);
    expect(
      draftsOf(tweak(ev['/'], { pageViews: 9 }))
        .map((r) => r.rule)
        .sort(),
    ).toEqual(['headline-clarity', 'link-to-button']);
  });

  it('without a snapshot only click targets are used, the look is unknown and confidence drops', () => {
    const r = draftsOf(ev['/docs']);
    expect(r.map((x) => [x.rule, x.element_selector, x.element_type, x.control_value])).toEqual([
      ['cta-contrast', 'a.next', 'link', '{}'],
    ]);
    expect(r[0].evidence?.[1]).toBe(
      'current styles unknown: the tracker has sent no snapshot of /docs yet, so confidence is lowered',
    );
    // 20 views, 1 click on it: (20 + 45·log10(21)/3 + 35·0.5) · (0.3 + 0.65·log10(2)/2) · 0.6 = 57.33 · 0.3978 · 0.6 = 13.7
    expect(r[0].confidence_score).toBe(14);
  });
});
