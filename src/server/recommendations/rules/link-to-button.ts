import { count, fmt, pct, quote } from '../format.js';
import { changedStyles, strongBackground } from './css-math.js';
import { clicksOn, elementsOf, fromSnapshot, type Rule } from './rule.js';

/** A plain link drawing this share of the page's clicks is doing a button's job. */
export const LINK_SHARE_THRESHOLD = 0.3;
/** Clicks needed before a share means something. */
const MIN_CLICKS = 5;
/** The share at which the evidence counts as complete (gap 1). */
const FULL_SHARE = 0.6;
const MAX_LIFT = 10;

/** Visitors already single this link out: give it the look of what it is, the page's main action. */
export const linkToButton: Rule = (ev) =>
  elementsOf(ev, 'link').flatMap((link) => {
    const clicks = clicksOn(ev, link.selector);
    if (clicks.count < MIN_CLICKS || clicks.share < LINK_SHARE_THRESHOLD) return [];
    // Built on the link's own colour, so the button stays in the page's palette.
    const { control, variant } = changedStyles(link, {
      display: 'inline-block',
      backgroundColor: strongBackground(link.styles.color),
      color: '#ffffff',
      padding: '12px 24px',
      borderRadius: '6px',
      fontWeight: '600',
      textDecoration: 'none',
    });
    return [
      {
        rule: 'link-to-button' as const,
        title: `Turn the link ${link.text ? quote(link.text) : link.selector} into a button`,
        target: fromSnapshot(link),
        change_type: 'css' as const,
        control_value: JSON.stringify(control),
        variant_value: JSON.stringify(variant),
        n: ev.clicks.total,
        events: clicks.count,
        gap: Math.min(1, clicks.share / FULL_SHARE),
        maxLift: MAX_LIFT,
        controlKnown: true,
        evidence: [
          `${link.selector} took ${fmt(clicks.count)} of the page's ${count(ev.clicks.total, 'click')} (${pct(clicks.share)}), more than any ${pct(LINK_SHARE_THRESHOLD)} a plain link should carry`,
          `it looks like running text: background ${link.styles.backgroundColor ?? 'unknown'}, padding ${link.styles.padding ?? 'unknown'}`,
        ],
      },
    ];
  });
