import type { ExperimentDetail } from '../../contract/experiments.js';
import type { ExperimentDecision } from '../../contract/experiment-decision.js';
import type { ExperimentRecord, VisitorFigures } from '../store/store.js';
import { decisionVerdict } from './decision-verdict.js';
import { binaryArm, continuousArm, type ArmSummary } from './engine/arm-summary.js';
import { decide } from './engine/decide.js';
import { measuredArms, metricOf, metricResults, variantLine } from './experiment-metrics.js';
import { DEFAULT_RELATIVE_MDE, plannedVisitorsPerArm } from './engine/plan.js';
import { sequentialSampleRatio } from './engine/sequential-sample-ratio.js';

export const DEFAULT_MIN_DAYS = 7;
const ALPHA = 0.05;

/** The baseline's visitors as the plan reads them: capped values for a continuous goal, no CUPED. */
const baselineArm = (f: VisitorFigures): ArmSummary =>
  f.value
    ? continuousArm(f.visitors, f.value.capped_sum, f.value.capped_sum_of_squares)
    : binaryArm(f.visitors, f.converted_visitors);

/**
 * The decision block of a test's detail (issue 42; docs/experiments.md, "The decision"): the engine
 * (engine/) over the per-visitor figures, with the plan from the page's 28 days before the test (else
 * the control's first week) and the always-valid sample-ratio check, so neither moves with each
 * day's noise.
 */
export function experimentDecision(
  e: ExperimentRecord,
  figures: VisitorFigures[],
  metricFigures: VisitorFigures[][],
  baseline: { source: 'before_test' | 'control_first_week'; figures: VisitorFigures },
  trafficCheck: ExperimentDetail['traffic_check'],
  daysRunning: number,
): ExperimentDecision {
  const { arms, cuped } = measuredArms(figures);
  const base = baselineArm(baseline.figures);
  const mde = e.plan_settings?.minimum_detectable_effect ?? DEFAULT_RELATIVE_MDE;
  const minDays = e.plan_settings?.min_days ?? DEFAULT_MIN_DAYS;
  const planned =
    baseline.figures.visitors > 0
      ? plannedVisitorsPerArm(
          { mean: base.mean, variance: base.variance, binary: baseline.figures.value === null },
          { relativeMde: mde, arms: arms.length, alpha: ALPHA },
        )
      : null;
  const ratio = sequentialSampleRatio(figures.map((f) => f.visitors));
  const metrics = metricResults(e, metricFigures, { alpha: ALPHA, plannedPerArm: planned });
  const guardrails = metrics.filter((m) => m.role === 'guardrail');
  const hurtBy = (label: string) => guardrails.filter((m) => m.hurt_by.includes(label)).map((m) => m.name);
  const blocked = e.variants.map((v, i) => i > 0 && hurtBy(v.label).length > 0);
  const decision = decide(arms, {
    blocked,
    alpha: ALPHA,
    daysRunning,
    minDays,
    plannedPerArm: planned,
    sampleRatioMismatch: ratio.mismatch,
    looksForged: trafficCheck?.looks_forged ?? false,
  });
  const decided = {
    metric: metricOf(e.goal),
    status: decision.status,
    winner: decision.winnerIndex === null ? null : e.variants[decision.winnerIndex].label,
    tied_with_winner: decision.tiedWithWinner.map((i) => e.variants[i].label),
    alpha: ALPHA,
    interval_level: decision.intervalLevel,
    variants: e.variants.map((v, i) => ({
      ...variantLine(v.label, arms[i].mean, decision.perVariant[i]),
      visitors: figures[i].visitors,
    })),
    cuped,
    metrics,
    held_back: e.variants.flatMap((v, i) =>
      blocked[i] && decision.perVariant[i]?.better ? [{ label: v.label, guardrails: hurtBy(v.label) }] : [],
    ),
    sample_ratio: { p_value: ratio.pValue, mismatch: ratio.mismatch },
    plan: {
      minimum_detectable_effect: mde,
      baseline:
        baseline.figures.visitors > 0
          ? { source: baseline.source, visitors: baseline.figures.visitors, mean: base.mean }
          : null,
      planned_visitors_per_variant: planned,
      visitors: decision.progress.visitors,
      progress: decision.progress.fraction,
      reached: decision.progress.reached,
      days_left: decision.progress.daysLeft,
    },
    min_days: minDays,
    days_running: daysRunning,
  };
  return { ...decided, verdict: decisionVerdict(decided, e.status === 'complete') };
}
