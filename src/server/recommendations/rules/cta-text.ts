import { count, pct, quote } from '../format.js';
import { shortfall } from '../scoring.js';
import { CTA_CLICK_BENCHMARK } from './cta-contrast.js';
import { actionLabel, isGeneric, mainHeading } from './page-words.js';
import { clicksOn, elementsOf, fromSnapshot, MIN_VIEWS, type Rule } from './rule.js';

const MAX_LIFT = 8;

/**
 * A button or link labelled "Submit", "Learn more", "Click here"…: say what the click does instead.
 * The label alone is half the evidence; a click-through below the benchmark supplies the rest.
 */
export const ctaText: Rule = (ev) => {
  if (ev.pageViews < MIN_VIEWS) return [];
  const elements = elementsOf(ev);
  const heading = mainHeading(elements)?.text ?? null;
  return elements
    .filter((e) => (e.kind === 'button' || e.kind === 'link') && isGeneric(e.text))
    .flatMap((el) => {
      const label = actionLabel(el, ev.page, heading);
      if (!label || label.toLowerCase() === el.text.toLowerCase()) return [];
      const clicks = clicksOn(ev, el.selector);
      return [
        {
          rule: 'cta-text' as const,
          title: `Replace the generic label ${quote(el.text)} with ${quote(label)}`,
          target: fromSnapshot(el),
          change_type: 'text' as const,
          control_value: el.text,
          variant_value: label,
          n: ev.pageViews,
          events: clicks.count,
          gap: 0.5 + 0.5 * shortfall(clicks.perView, CTA_CLICK_BENCHMARK),
          maxLift: MAX_LIFT,
          controlKnown: true,
          evidence: [
            `${quote(el.text)} (${el.selector}) does not say what happens on click`,
            `it got ${count(clicks.count, 'click')} in ${count(ev.pageViews, 'page view')} (${pct(clicks.perView)} click-through, ${pct(clicks.share)} of the page's ${count(ev.clicks.total, 'click')})`,
            `the new label comes from ${el.href ? 'where it leads, ' : ''}the page ${ev.page}${heading ? ` and its heading ${quote(heading)}` : ''}`,
          ],
        },
      ];
    });
};
