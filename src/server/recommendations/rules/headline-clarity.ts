import { fmt, pct, quote } from '../format.js';
import { excess, shortfall } from '../scoring.js';
import { isGeneric, mainHeading, shorterHeadline } from './page-words.js';
import { elementsOf, fromSnapshot, type Rule } from './rule.js';

/** Bounce rate above which a landing page is losing most first impressions. */
export const BOUNCE_CEILING = 0.5;
/** Mean scroll depth below which visitors are not reading past the top of the page. */
export const SCROLL_FLOOR = 0.5;
/** Entries needed before a bounce rate means something. */
const MIN_ENTRIES = 10;
const MAX_LIFT = 10;

/**
 * Many landings leave at once without scrolling: the headline is the only thing they read, so offer
 * a shorter, benefit-led version of it. When shortening changes nothing, lead with what the page's
 * visitors click most (their own answer to "what is this page for").
 */
export const headlineClarity: Rule = (ev) => {
  const entries = ev.entries ?? 0;
  if (entries < MIN_ENTRIES || ev.bounceRate <= BOUNCE_CEILING || ev.avgScrollDepth >= SCROLL_FLOOR) return [];
  const h = mainHeading(elementsOf(ev));
  if (!h) return [];
  let variant = shorterHeadline(h.text);
  if (variant === h.text.trim()) {
    const top = ev.clicks.targets
      .map((t) => elementsOf(ev).find((e) => e.selector === t.target))
      .find((e) => e?.text && !isGeneric(e.text));
    if (!top) return [];
    variant = `${variant}: ${top.text}`;
  }
  const bounced = Math.round(ev.bounceRate * entries);
  return [
    {
      rule: 'headline-clarity',
      title: `Shorten the headline to what visitors get`,
      target: fromSnapshot(h),
      change_type: 'text',
      control_value: h.text,
      variant_value: variant,
      n: entries,
      events: bounced,
      // Both signals count equally: leaving at once, and not scrolling while there.
      gap: (excess(ev.bounceRate, BOUNCE_CEILING) + shortfall(ev.avgScrollDepth, SCROLL_FLOOR)) / 2,
      maxLift: MAX_LIFT,
      controlKnown: true,
      evidence: [
        `${fmt(bounced)} of the ${fmt(entries)} sessions that landed on ${ev.page} left without another page: ${pct(ev.bounceRate)} bounce rate (above ${pct(BOUNCE_CEILING)})`,
        `visitors scrolled ${pct(ev.avgScrollDepth)} of the page on average (below ${pct(SCROLL_FLOOR)}), so the heading is most of what they read`,
        `the current heading ${quote(h.text)} has ${h.text.trim().split(/\s+/).length} words; the variant has ${variant.split(/\s+/).length}`,
      ],
    },
  ];
};
