import { impactLevels } from '../../contract/recommendations.js';

/**
 * How sure we are and how much a change may move the page, from three numbers every rule supplies:
 *
 *   volume     = min(1, log10(1 + n) / 3)            n = views (or entries) behind the rule's rate; 1,000+ is full
 *   signal     = min(1, log10(1 + k) / 2)            k = the events that rate counts (clicks on the element,
 *                                                    its form's submissions, bounced landings); 100+ is full
 *   gap        = 0..1                                how far the metric is from its benchmark (rule-specific)
 *   confidence = round((20 + 45·volume + 35·gap) · (0.3 + 0.65·signal) · certainty), 0..95
 *                certainty = 1 when the element's current look comes from the snapshot, 0.6 when unknown
 *   lift (%)   = maxLift · gap · reach              maxLift per rule; reach = share of views it affects
 *   impact     = High when lift ≥ 8, Medium when ≥ 3, else Low   (the spec's 8%+ / 3-8% / <3% bands)
 *   value      = lift · confidence / 100            recommendations are ranked by it
 *
 * Log scales because the tenth visitor (or click) tells more than the thousand-and-tenth; the base of
 * 20 is what any rule that fired deserves. A rate made of no events at all (0 clicks in 969 views)
 * says the element is not used, not why: it may be hidden, below the fold, or its clicks recorded
 * under another selector, so without events confidence stays at 30% of what the rate alone would
 * give (30 at most). Never 100: these are rules of thumb, and only the test itself can be sure. A
 * missing snapshot costs 40% because the control is a guess. (docs/decisions.md: recommendation
 * confidence.)
 */
export interface Strength {
  n: number;
  /** The events the rule's rate is made of (k above). */
  events: number;
  gap: number;
  maxLift: number;
  reach?: number;
  controlKnown: boolean;
}

export interface Score {
  confidence: number;
  lift: number;
  impact: (typeof impactLevels)[number];
  value: number;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, Number.isFinite(x) ? x : 0));

export const volumeOf = (n: number) => clamp01(Math.log10(1 + Math.max(0, n)) / 3);
export const signalOf = (k: number) => clamp01(Math.log10(1 + Math.max(0, k)) / 2);

export function score(s: Strength): Score {
  const gap = clamp01(s.gap);
  const certainty = s.controlKnown ? 1 : 0.6;
  const strength = (20 + 45 * volumeOf(s.n) + 35 * gap) * (0.3 + 0.65 * signalOf(s.events));
  const confidence = Math.min(95, Math.max(0, Math.round(strength * certainty)));
  // Rounded to a tenth so ranking never hinges on floating-point noise.
  const lift = Math.round(s.maxLift * gap * clamp01(s.reach ?? 1) * 10) / 10;
  const impact = lift >= 8 ? impactLevels[2] : lift >= 3 ? impactLevels[1] : impactLevels[0];
  return { confidence, lift, impact, value: (lift * confidence) / 100 };
}

/** Distance below a benchmark as a share of it: 0 at or above, 1 at zero. */
export const shortfall = (value: number, benchmark: number) => clamp01((benchmark - value) / benchmark);
/** Distance above a ceiling as a share of the room above it: 0 at or below, 1 at the maximum. */
export const excess = (value: number, ceiling: number, max = 1) => clamp01((value - ceiling) / (max - ceiling));
