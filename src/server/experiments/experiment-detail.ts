import type { ExperimentDetail } from '../../contract/experiments.js';
import type { ExperimentRecord, Store } from '../store/store.js';
import { experimentView, variantView } from './experiment-records.js';
import { withRevenueCurrency } from './revenue-currency.js';
import { experimentDecision } from './experiment-decision.js';
import { experimentStats } from './statistics.js';
import { trafficCheck } from './traffic-check.js';

const DAY_MS = 86_400_000;
const ratio = (n: number, d: number) => (d > 0 ? n / d : 0);

/** The detail response: the test, each variant's figures (operations.md §5) and the statistics over them. */
export async function experimentDetail(
  store: Pick<
    Store,
    'experimentFigures' | 'experimentVisitorFigures' | 'experimentBaseline' | 'experimentTraffic' | 'experimentCurrency'
  >,
  stored: ExperimentRecord,
  now: Date,
): Promise<ExperimentDetail> {
  const e = await withRevenueCurrency(store, stored);
  const [figures, visitors, baseline, traffic] = await Promise.all([
    store.experimentFigures(e),
    store.experimentVisitorFigures(e),
    store.experimentBaseline(e),
    store.experimentTraffic(e),
  ]);
  const end = e.stopped_at ?? now;
  const check = trafficCheck(traffic);
  const daysRunning = Math.max(0, (end.getTime() - e.created_at.getTime()) / DAY_MS);
  const stats = experimentStats(figures, {
    daysRunning,
    labels: e.variants.map((v) => v.label),
    complete: e.status === 'complete',
    looksForged: check.looks_forged,
  });
  const { variants: _plain, ...core } = experimentView(e);
  return {
    ...core,
    stopped_at: e.stopped_at?.toISOString() ?? null,
    reason: e.reason,
    ...(e.archived_at ? { archived_at: e.archived_at.toISOString() } : {}),
    variants: e.variants.map((v, i) => {
      const f = figures[i];
      return {
        ...variantView(v, i),
        sessions: f.sessions,
        conversions: f.conversions,
        conversion_rate: ratio(f.conversions, f.sessions),
        revenue: f.revenue,
        revenue_per_session: ratio(f.revenue, f.sessions),
        other_revenue: f.other_revenue,
        visitors: visitors[i].visitors,
        converted_visitors: visitors[i].converted_visitors,
        visitor_conversion_rate: ratio(visitors[i].converted_visitors, visitors[i].visitors),
        value_per_visitor: visitors[i].value ? ratio(visitors[i].value.sum, visitors[i].visitors) : null,
        stats: stats.perVariant[i] ?? null,
      };
    }),
    stats: {
      sample_ratio_p_value: stats.sample_ratio_p_value,
      sample_ratio_mismatch: stats.sample_ratio_mismatch,
      winner: stats.winner_index === null ? null : e.variants[stats.winner_index].label,
      can_call_winner: stats.can_call_winner,
      min_sessions_per_variant: stats.min_sessions_per_variant,
      estimated_days_to_call: stats.estimated_days_to_call,
      verdict: stats.verdict,
    },
    decision: experimentDecision(e, visitors, baseline, check, daysRunning),
    traffic_check: check,
  };
}
