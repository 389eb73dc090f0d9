import type { ArmSummary } from './arm-summary.js';
import { compare } from './compare.js';
import { anytimePValue, confidenceSequence, DEFAULT_TUNING_TOTAL, mixtureRho } from './confidence-sequence.js';
import { holmAdjust } from './holm.js';
import { planProgress, type PlanProgress } from './plan.js';

/**
 * The call on a test (issue 42 §3–4), arms[0] being the control:
 *
 * 1. No call while the traffic looks forged, the split is off (sample-ratio.ts) or fewer than `minDays`
 *    whole days have passed (7 by default, so each weekday is in the sample at least once).
 * 2. Every variant against the control: always-valid p-value of the difference (confidence-sequence.ts,
 *    tuned at N* = 2 × planned per arm), Holm-adjusted across the k − 1 variants (holm.ts); significant
 *    when the adjusted p < α.
 * 3. Winner: of the variants significantly better than the control, the one with the best point
 *    estimate. The control wins only when every variant is significantly worse. Other significantly
 *    better variants whose pairwise sequence with the winner (at α/(m − 1) for m such variants) still
 *    holds 0 are `tiedWithWinner`: the data cannot tell them apart, so the runner-up never holds up the
 *    call on the control.
 * 4. Otherwise `no_difference` once every arm has its planned visitors, else `keep_running`. Because the
 *    sequence is valid at every look, a call may come before the plan is reached.
 *
 * Intervals are drawn at α/(k − 1): Holm's adjusted p is at most (k − 1)·p, so an interval that excludes
 * 0 always belongs to a significant variant (the converse can fail for all but the best p-value). The
 * call rests on the difference; the uplift's interval (delta method) is for reading and may disagree
 * with it at the margin.
 */
export type DecisionStatus =
  | 'keep_running'
  | 'too_early'
  | 'sample_ratio_mismatch'
  | 'looks_forged'
  | 'winner'
  | 'guardrail_hurt'
  | 'control_wins'
  | 'no_difference';

export interface VariantResult {
  /** Variant's mean − the control's. */
  difference: number;
  differenceInterval: [number, number] | null;
  uplift: number | null;
  upliftInterval: [number, number] | null;
  /** Always-valid p-value of the difference, before the correction across variants. */
  pValue: number;
  /** Holm-adjusted across the variants. */
  adjustedPValue: number;
  significant: boolean;
  /** Significant, and in the direction that is better. */
  better: boolean;
}

export interface DecideOptions {
  alpha?: number;
  daysRunning: number;
  minDays?: number;
  /** plan.ts's visitors per arm; null when no plan could be made (no baseline yet). */
  plannedPerArm: number | null;
  sampleRatioMismatch: boolean;
  looksForged: boolean;
  higherIsBetter?: boolean;
  /** Per arm: a guardrail is hurt, so it may not be called the winner (index 0 is ignored). */
  blocked?: boolean[];
}

export interface Decision {
  status: DecisionStatus;
  /** The winning arm (0 when the control wins); null when there is no call. */
  winnerIndex: number | null;
  /** Per arm: the variant differs from the control after Holm; index 0 is false. */
  significant: boolean[];
  /** Variants also significantly better than the control that the winner cannot be told apart from. */
  tiedWithWinner: number[];
  /** Per arm; index 0 (the control) is null. */
  perVariant: (VariantResult | null)[];
  progress: PlanProgress;
  /** The intervals' coverage, 1 − α/(k − 1). */
  intervalLevel: number;
}

/** The always-valid, Holm-adjusted comparison of every variant with the control (steps 2 of decide). */
export function againstControl(
  arms: ArmSummary[],
  {
    alpha = 0.05,
    plannedPerArm,
    higherIsBetter = true,
  }: Pick<DecideOptions, 'alpha' | 'plannedPerArm' | 'higherIsBetter'>,
): { perVariant: (VariantResult | null)[]; rho: number; intervalAlpha: number } {
  const sign = higherIsBetter ? 1 : -1;
  const variants = Math.max(1, arms.length - 1);
  const rho = mixtureRho(alpha, plannedPerArm ? 2 * plannedPerArm : DEFAULT_TUNING_TOTAL);
  const intervalAlpha = alpha / variants;
  const comparisons = arms.slice(1).map((variant) => compare(arms[0], variant));
  const pValues = comparisons.map((c) => anytimePValue(c.difference, c.standardError, c.totalVisitors, rho));
  const adjusted = holmAdjust(pValues);
  const perVariant: (VariantResult | null)[] = [
    null,
    ...comparisons.map((c, i) => {
      const significant = adjusted[i] < alpha;
      return {
        difference: c.difference,
        differenceInterval: confidenceSequence(c.difference, c.standardError, c.totalVisitors, intervalAlpha, rho),
        uplift: c.uplift,
        upliftInterval:
          c.uplift === null || c.upliftStandardError === null
            ? null
            : confidenceSequence(c.uplift, c.upliftStandardError, c.totalVisitors, intervalAlpha, rho),
        pValue: pValues[i],
        adjustedPValue: adjusted[i],
        significant,
        better: significant && sign * c.difference > 0,
      };
    }),
  ];
  return { perVariant, rho, intervalAlpha };
}

export function decide(arms: ArmSummary[], options: DecideOptions): Decision {
  const { alpha = 0.05, daysRunning, minDays = 7, plannedPerArm, higherIsBetter = true } = options;
  const sign = higherIsBetter ? 1 : -1;
  const { perVariant, rho, intervalAlpha } = againstControl(arms, options);
  const significant = perVariant.map((v) => v?.significant ?? false);
  const progress = planProgress(
    arms.map((a) => a.n),
    plannedPerArm,
    daysRunning,
  );
  const result = (status: DecisionStatus): Decision => ({
    status,
    winnerIndex: null,
    significant,
    tiedWithWinner: [],
    perVariant,
    progress,
    intervalLevel: 1 - intervalAlpha,
  });

  if (options.looksForged) return result('looks_forged');
  if (options.sampleRatioMismatch) return result('sample_ratio_mismatch');
  if (Math.floor(daysRunning) < minDays) return result('too_early');
  const betterAtAll = perVariant.flatMap((v, i) => (v?.better ? [i] : []));
  const better = betterAtAll.filter((i) => !options.blocked?.[i]);
  if (betterAtAll.length > 0 && better.length === 0) return result('guardrail_hurt');
  if (better.length > 0) {
    // Ties in the point estimate go to the lower index, the order the test lists its variants.
    const winner = better.reduce((best, i) => (sign * arms[i].mean > sign * arms[best].mean ? i : best));
    const pairAlpha = alpha / Math.max(1, better.length - 1);
    const tiedWithWinner = better.filter((i) => {
      if (i === winner) return false;
      const pair = compare(arms[i], arms[winner]);
      const interval = confidenceSequence(pair.difference, pair.standardError, pair.totalVisitors, pairAlpha, rho);
      return interval === null || (interval[0] <= 0 && interval[1] >= 0);
    });
    return { ...result('winner'), winnerIndex: winner, tiedWithWinner };
  }
  const allWorse = arms.length > 1 && perVariant.slice(1).every((v) => v !== null && v.significant && !v.better);
  if (allWorse) return { ...result('control_wins'), winnerIndex: 0 };
  return result(progress.reached ? 'no_difference' : 'keep_running');
}
