import { count, fmt, pct, quote } from '../format.js';
import { changedStyles, estimatedHeight, MIN_TAP_PX, paddingOf, px } from './css-math.js';
import { clicksOn, elementsOf, fromSnapshot, MIN_VIEWS, type Rule } from './rule.js';

/** Mobile share of the page's views from which thumbs, not pointers, set the size of targets. */
export const MOBILE_SHARE_THRESHOLD = 0.5;
/** The height the variant aims for: a little above the minimum, as line heights vary. */
const TARGET_PX = 48;
const MAX_LIFT = 6;
const MAX_TARGETS = 2;

/**
 * Mostly-mobile page with small clicked targets: enlarge the two most clicked. A nocode change
 * applies on every device, so the variant grows the target only as far as the 48 px it needs.
 */
export const tapTargets: Rule = (ev) => {
  if (ev.pageViews < MIN_VIEWS || ev.mobileShare < MOBILE_SHARE_THRESHOLD) return [];
  const mobileViews = Math.round(ev.mobileShare * ev.pageViews);
  return (
    elementsOf(ev)
      .filter(
        (e) =>
          (e.kind === 'button' || e.kind === 'link') &&
          estimatedHeight(e) < MIN_TAP_PX &&
          clicksOn(ev, e.selector).count > 0,
      )
      .map((e) => ({ e, clicks: clicksOn(ev, e.selector) }))
      // Most clicked first; document order breaks ties (sort is stable).
      .sort((a, b) => b.clicks.count - a.clicks.count)
      .slice(0, MAX_TARGETS)
      .map(({ e, clicks }) => {
        const height = estimatedHeight(e);
        const font = Math.max(16, px(e.styles.fontSize, 16));
        const { control, variant } = changedStyles(e, {
          fontSize: `${font}px`,
          padding: `${Math.ceil((TARGET_PX - font * 1.2) / 2)}px ${Math.max(16, paddingOf(e.styles.padding).h)}px`,
        });
        return {
          rule: 'tap-targets' as const,
          title: `Enlarge ${e.text ? quote(e.text) : e.selector} for thumbs`,
          target: fromSnapshot(e),
          change_type: 'css' as const,
          control_value: JSON.stringify(control),
          variant_value: JSON.stringify(variant),
          n: mobileViews,
          events: clicks.count,
          gap: Math.min(1, (TARGET_PX - height) / (TARGET_PX / 2)),
          maxLift: MAX_LIFT,
          // Only mobile visitors gain, so the page-wide lift scales with their share.
          reach: ev.mobileShare,
          controlKnown: true,
          evidence: [
            `${pct(ev.mobileShare)} of the page's ${fmt(ev.pageViews)} views came from mobile devices (${fmt(mobileViews)})`,
            `${e.selector} is about ${height}px tall (${e.styles.fontSize ?? 'unknown'} font, padding ${e.styles.padding ?? 'unknown'}), under the ${MIN_TAP_PX}px tap-target minimum`,
            `it was clicked ${count(clicks.count, 'time')} (${pct(clicks.share)} of the page's clicks)`,
          ],
        };
      })
  );
};
