import type { SnapshotElement } from '../../store/store.js';
import { count, pct, quote } from '../format.js';
import type { PageEvidence } from '../page-evidence.js';
import { shortfall } from '../scoring.js';
import { changedStyles, estimatedHeight, hasBackground, paddingOf, px, strongBackground } from './css-math.js';
import {
  clicksOn,
  elementsOf,
  formButtons,
  fromSelector,
  fromSnapshot,
  MIN_VIEWS,
  type Rule,
  type Target,
} from './rule.js';

/** Clicks per page view a page's main call to action should reach (a common landing-page rule of thumb). */
export const CTA_CLICK_BENCHMARK = 0.1;
const MAX_LIFT = 12;

const area = (el: SnapshotElement) =>
  estimatedHeight(el) * (el.text.length * px(el.styles.fontSize, 16) * 0.55 + 2 * paddingOf(el.styles.padding).h);

/**
 * The primary call to action: the biggest filled button that doesn't submit a form (what the eye
 * lands on first); without a snapshot, the most clicked target, whose look we then don't know.
 */
export function primaryCta(ev: PageEvidence): Target | null {
  if (!ev.snapshot) return ev.clicks.targets[0] ? fromSelector(ev.clicks.targets[0].target) : null;
  const skip = formButtons(ev);
  const filled = elementsOf(ev, 'button').filter((b) => hasBackground(b) && !skip.has(b.selector));
  // Stable ties: the earlier element in the snapshot (document order) wins.
  const best = filled.reduce<SnapshotElement | null>((a, b) => (a && area(a) >= area(b) ? a : b), null);
  return best ? fromSnapshot(best) : null;
}

/** The main call to action is clicked by too few viewers: make it stand out (contrast, size). */
export const ctaContrast: Rule = (ev) => {
  const cta = primaryCta(ev);
  if (!cta || ev.pageViews < MIN_VIEWS) return [];
  const clicks = clicksOn(ev, cta.selector);
  if (clicks.perView >= CTA_CLICK_BENCHMARK) return [];
  const el = cta.element;
  const size = Math.max(16, Math.round(px(el?.styles.fontSize, 16) * 1.125));
  const pad = paddingOf(el?.styles.padding);
  const { control, variant } = changedStyles(el, {
    backgroundColor: strongBackground(el?.styles.backgroundColor),
    color: '#ffffff',
    fontSize: `${size}px`,
    padding: `${Math.max(12, Math.round(pad.v * 1.5))}px ${Math.max(24, Math.round(pad.h * 1.5))}px`,
  });
  if (Object.keys(variant).length === 0) return [];
  const label = el?.text ? `${quote(el.text)} (${cta.selector})` : cta.selector;
  return [
    {
      rule: 'cta-contrast',
      title: `Make the main call to action ${el?.text ? quote(el.text) : `(${cta.selector})`} stand out`,
      target: cta,
      change_type: 'css',
      control_value: JSON.stringify(control),
      variant_value: JSON.stringify(variant),
      n: ev.pageViews,
      events: clicks.count,
      gap: shortfall(clicks.perView, CTA_CLICK_BENCHMARK),
      maxLift: MAX_LIFT,
      controlKnown: el !== null,
      evidence: [
        `${label} got ${count(clicks.count, 'click')} in ${count(ev.pageViews, 'page view')}: ${pct(clicks.perView)} click-through against a ${pct(CTA_CLICK_BENCHMARK)} benchmark`,
        el
          ? `its current look: background ${el.styles.backgroundColor ?? 'unknown'}, text ${el.styles.color ?? 'unknown'}, ${el.styles.fontSize ?? 'unknown'} font, padding ${el.styles.padding ?? 'unknown'}`
          : `current styles unknown: the tracker has sent no snapshot of ${ev.page} yet, so confidence is lowered`,
        variant.backgroundColor
          ? `the variant uses ${variant.backgroundColor} behind white text (at least 4.5:1 contrast where the colour allows) at ${variant.fontSize ?? el?.styles.fontSize}`
          : `its colours already give white text 4.5:1 contrast, so the variant keeps them and makes it bigger: ${variant.fontSize ?? el?.styles.fontSize} font, padding ${variant.padding ?? el?.styles.padding}`,
      ],
    },
  ];
};
