import type { ExperimentDetail } from '../../contract/experiments.js';
import type { ExperimentDecision } from '../../contract/experiment-decision.js';
import type { ExperimentRecord, Store, VisitorFigures } from '../store/store.js';
import { measuredBy } from '../store/experiment-store.js';
import { DEFAULT_MIN_DAYS, experimentDecision } from './experiment-decision.js';
import { experimentView, variantView } from './experiment-records.js';
import { withRevenueCurrency } from './revenue-currency.js';
import { trafficCheck } from './traffic-check.js';

const DAY_MS = 86_400_000;
const ratio = (n: number, d: number) => (d > 0 ? n / d : 0);

type VariantStats = NonNullable<ExperimentDetail['variants'][number]['stats']>;

/** Why a variant's comparison is (partly) missing: no visitors, nothing reached on either side, or a control at 0. */
function unavailable(f: VisitorFigures, control: VisitorFigures): VariantStats['unavailable_reason'] {
  if (f.visitors === 0 || control.visitors === 0) return 'no_sessions';
  const reached = (x: VisitorFigures) => (x.value ? x.value.capped_sum > 0 : x.converted_visitors > 0);
  if (!reached(f) && !reached(control)) return 'no_conversions';
  if (!reached(control)) return 'no_control_conversions';
  return undefined;
}

/** A variant's stats: the decision's comparison with the control, in the shape the variants table reads. */
function variantStats(d: ExperimentDecision, i: number, f: VisitorFigures, control: VisitorFigures): VariantStats {
  const v = d.variants[i];
  const reason = unavailable(f, control);
  const nothing = reason === 'no_sessions' || reason === 'no_conversions';
  return {
    uplift: nothing ? null : v.uplift,
    uplift_interval: nothing ? null : v.uplift_interval,
    p_value: nothing ? null : v.p_value,
    significant: v.significant,
    better: v.better,
    ...(reason ? { unavailable_reason: reason } : {}),
  };
}

/**
 * What the plan is sized from: the page's 28 days before the test; when it had no visitors then (a new
 * page, a new site), the control's first 7 days of the test, which stop moving once they have passed.
 */
async function planBaseline(
  store: Pick<Store, 'experimentVisitorFigures'>,
  e: ExperimentRecord,
  before: VisitorFigures,
  end: Date,
): Promise<Parameters<typeof experimentDecision>[3]> {
  if (before.visitors > 0) return { source: 'before_test', figures: before };
  const weekEnd = new Date(Math.min(end.getTime(), e.created_at.getTime() + DEFAULT_MIN_DAYS * DAY_MS));
  const [control] = await store.experimentVisitorFigures({ ...e, stopped_at: weekEnd });
  return { source: 'control_first_week', figures: control };
}

/**
 * The detail response: the test, each variant's session figures (operations.md §5) and visitor
 * figures, and the decision over the visitors (experiment-decision.ts), summarised in `stats`.
 */
export async function experimentDetail(
  store: Pick<
    Store,
    'experimentFigures' | 'experimentVisitorFigures' | 'experimentBaseline' | 'experimentTraffic' | 'experimentCurrency'
  >,
  stored: ExperimentRecord,
  now: Date,
): Promise<ExperimentDetail> {
  const e = await withRevenueCurrency(store, stored);
  const [figures, visitors, before, traffic, metricFigures] = await Promise.all([
    store.experimentFigures(e),
    store.experimentVisitorFigures(e),
    store.experimentBaseline(e),
    store.experimentTraffic(e),
    // Each more metric is the test counted as if it were the goal (measuredBy): the same query.
    Promise.all((e.metrics ?? []).map((m) => store.experimentVisitorFigures(measuredBy(e, m)))),
  ]);
  const end = e.stopped_at ?? now;
  const baseline = await planBaseline(store, e, before, end);
  const check = trafficCheck(traffic);
  const daysRunning = Math.max(0, (end.getTime() - e.created_at.getTime()) / DAY_MS);
  const decision = experimentDecision(e, visitors, metricFigures, baseline, check, daysRunning);
  const called = decision.status === 'winner' || decision.status === 'control_wins';
  const { variants: _plain, ...core } = experimentView(e);
  return {
    ...core,
    stopped_at: e.stopped_at?.toISOString() ?? null,
    reason: e.reason,
    ...(e.archived_at ? { archived_at: e.archived_at.toISOString() } : {}),
    variants: e.variants.map((v, i) => {
      const f = figures[i];
      const who = visitors[i];
      return {
        ...variantView(v, i),
        sessions: f.sessions,
        conversions: f.conversions,
        conversion_rate: ratio(f.conversions, f.sessions),
        revenue: f.revenue,
        revenue_per_session: ratio(f.revenue, f.sessions),
        other_revenue: f.other_revenue,
        visitors: who.visitors,
        converted_visitors: who.converted_visitors,
        visitor_conversion_rate: ratio(who.converted_visitors, who.visitors),
        value_per_visitor: who.value ? ratio(who.value.sum, who.visitors) : null,
        stats: i === 0 ? null : variantStats(decision, i, who, visitors[0]),
      };
    }),
    stats: {
      sample_ratio_p_value: decision.sample_ratio.p_value,
      sample_ratio_mismatch: decision.sample_ratio.mismatch,
      winner: decision.winner,
      can_call_winner: called,
      planned_visitors_per_variant: decision.plan.planned_visitors_per_variant,
      // Days to the plan only matter while the test runs and has no call yet.
      estimated_days_to_call:
        e.status === 'complete' || called || decision.plan.reached ? null : decision.plan.days_left,
      verdict: decision.verdict,
    },
    decision,
    traffic_check: check,
  };
}
