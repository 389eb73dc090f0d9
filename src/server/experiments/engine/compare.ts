import type { ArmSummary } from './arm-summary.js';

/**
 * A variant against the control (or any arm against another), with independent arms and the normal
 * approximation of each mean (per-visitor values, thousands of visitors).
 *
 * - difference d = m₁ − m₀, standard error se(d) = √(v₁/n₁ + v₀/n₀) (Welch's unpooled form).
 * - relative uplift u = m₁/m₀ − 1, its variance by the delta method on the ratio of two independent
 *   means: Var(m₁/m₀) ≈ v₁/(n₁m₀²) + m₁²v₀/(n₀m₀⁴) (as GrowthBook's gbstats `frequentist_variance` for
 *   relative effects; e.g. Kohavi, Tang & Xu, "Trustworthy Online Controlled Experiments", ch. 18).
 *   Null when the control's mean is 0: there is nothing to be relative to.
 *
 * An arm with fewer than two visitors has no variance estimate: the standard errors are then Infinity,
 * so no interval can exclude anything.
 */
export interface Comparison {
  difference: number;
  standardError: number;
  uplift: number | null;
  upliftStandardError: number | null;
  /** n₀ + n₁: the sample the confidence sequence is indexed by. */
  totalVisitors: number;
}

export function compare(control: ArmSummary, variant: ArmSummary): Comparison {
  const measurable = control.n >= 2 && variant.n >= 2;
  const difference = variant.mean - control.mean;
  const standardError = measurable ? Math.sqrt(variant.variance / variant.n + control.variance / control.n) : Infinity;
  const m0 = control.mean;
  const uplift = m0 === 0 ? null : variant.mean / m0 - 1;
  const upliftVariance =
    variant.variance / (variant.n * m0 ** 2) + (variant.mean ** 2 * control.variance) / (control.n * m0 ** 4);
  return {
    difference,
    standardError,
    uplift,
    upliftStandardError: uplift === null ? null : measurable ? Math.sqrt(upliftVariance) : Infinity,
    totalVisitors: control.n + variant.n,
  };
}
