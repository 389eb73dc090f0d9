import type { ExperimentDecision } from '../../contract/experiment-decision.js';
import { metricName } from '../../contract/experiment-goals.js';
import type { ExperimentRecord, VisitorFigures } from '../store/store.js';
import { binaryArm, continuousArm, type ArmSummary } from './engine/arm-summary.js';
import { cuped } from './engine/cuped.js';
import { againstControl, type VariantResult } from './engine/decide.js';

/** What the decision compares per visitor for a goal. */
export const metricOf = (goal: ExperimentRecord['goal']): ExperimentDecision['metric'] =>
  goal === 'revenue'
    ? 'revenue_per_visitor'
    : goal === 'session_time'
      ? 'session_seconds_per_visitor'
      : 'visitor_conversion_rate';

/**
 * The arms the engine compares: each variant's per-visitor metric (capped for a continuous one),
 * adjusted by CUPED (engine/cuped.ts) when the store gave the visitors' history; and the variance cut
 * it achieved. Without any visitor, nothing to report.
 */
export function measuredArms(figures: VisitorFigures[]): {
  arms: ArmSummary[];
  cuped: ExperimentDecision['cuped'];
} {
  const plain = figures.map((f) =>
    f.value
      ? continuousArm(f.visitors, f.value.capped_sum, f.value.capped_sum_of_squares)
      : binaryArm(f.visitors, f.converted_visitors),
  );
  if (figures.every((f) => f.visitors === 0)) return { arms: plain, cuped: null };
  if (figures.some((f) => f.covariate === null)) return { arms: plain, cuped: null };
  const adjusted = cuped(
    figures.map((f) => {
      const c = f.covariate!;
      const y = f.value ? f.value.capped_sum : f.converted_visitors;
      const yy = f.value ? f.value.capped_sum_of_squares : f.converted_visitors;
      return {
        n: f.visitors,
        y,
        yy,
        x: c.x_sum,
        xx: c.x_sum_of_squares,
        h: c.with_history,
        xy: c.xy_sum,
        hy: c.hy_sum,
      };
    }),
  );
  return {
    arms: adjusted.arms,
    cuped: { visitors_with_history: adjusted.withHistory, variance_reduction: adjusted.varianceReduction },
  };
}

/** One variant's line of a comparison, as the decision block shows it. */
export const variantLine = (label: string, mean: number, r: VariantResult | null) => ({
  label,
  mean,
  uplift: r?.uplift ?? null,
  uplift_interval: r?.upliftInterval ?? null,
  difference: r?.difference ?? null,
  difference_interval: r?.differenceInterval ?? null,
  p_value: r?.adjustedPValue ?? null,
  significant: r?.significant ?? false,
  better: r?.better ?? false,
});

/**
 * Each of the test's more metrics, every variant against the control with the same engine and the
 * same tuning as the goal (`plannedPerArm`); a guardrail is hurt by the variants worse on it with
 * confidence. Holm's correction runs across the variants of one metric, not across metrics: a
 * secondary metric is read, never called, and a guardrail is safer the more readily it fires.
 */
export function metricResults(
  e: ExperimentRecord,
  figures: VisitorFigures[][],
  { alpha, plannedPerArm }: { alpha: number; plannedPerArm: number | null },
): ExperimentDecision['metrics'] {
  return (e.metrics ?? []).map((m, k) => {
    const measured = measuredArms(figures[k]);
    const { perVariant } = againstControl(measured.arms, { alpha, plannedPerArm });
    const variants = e.variants.map((v, i) => ({
      ...variantLine(v.label, measured.arms[i].mean, perVariant[i]),
      visitors: figures[k][i].visitors,
    }));
    return {
      goal: m.goal,
      goal_target: m.goal_target,
      role: m.role,
      name: metricName(m),
      metric: metricOf(m.goal),
      variants,
      cuped: measured.cuped,
      hurt_by: m.role === 'guardrail' ? variants.filter((v) => v.significant && !v.better).map((v) => v.label) : [],
    };
  });
}
