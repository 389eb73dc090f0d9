/**
 * Always-valid inference: an interval that may be looked at after every visitor and still covers the
 * true effect at every look at once with probability ≥ 1 − α, so a dashboard read daily does not inflate
 * false winners the way a fixed-horizon interval read daily does.
 *
 * The asymptotic confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas, "Time-uniform
 * central limit theory and asymptotic confidence sequences" (arXiv 2103.06476, v7 2023, eq. 9), with
 * Robbins' normal mixture of Howard, Ramdas, McAuliffe & Sekhon (2021), as GrowthBook's gbstats
 * implements it for its `sequential` option (frequentist/tests.py, `sequential_interval_halfwidth`):
 *
 *   half-width = σ̂·√( 2(Nρ² + 1)/(N²ρ²) · ln(√(Nρ² + 1)/α) ),   σ̂² = se²·N,   N = n₀ + n₁,
 *
 * i.e. half-width = se·c(N) with c(N) = √( 2(x + 1)/x · ln(√(x + 1)/α) ), x = Nρ². The mixture's ρ is
 * free; ρ = √((−2 ln α + ln(−2 ln α + 1))/N*) (the paper's eq. 161) makes the sequence tightest near
 * N = N* visitors, where c is ≈ 3.04 at α = 0.05 against 1.96 for one fixed-horizon look.
 *
 * Tuning: N* is the test's planned total for the pair compared (2 × plan.ts's visitors per arm), so the
 * sequence is narrowest where the plan says the call should come; 10,000 when no plan is known (a
 * 5,000-a-side test, small enough that a low-traffic site still gets a usable sequence). Any fixed N*
 * keeps the guarantee; it only moves where the sequence is tightest. It must not be retuned from the data.
 */
export const DEFAULT_TUNING_TOTAL = 10_000;

/** The normal mixture's ρ, tuned so the sequence is tightest at `tuningTotal` visitors (eq. 161). */
export function mixtureRho(alpha: number, tuningTotal: number): number {
  const l = -2 * Math.log(alpha);
  return Math.sqrt((l + Math.log(l + 1)) / tuningTotal);
}

/** c(N): the half-width in standard errors after `total` visitors, at level α. */
export function boundaryMultiplier(total: number, alpha: number, rho: number): number {
  const x = total * rho * rho;
  return Math.sqrt(((2 * (x + 1)) / x) * Math.log(Math.sqrt(x + 1) / alpha));
}

/** The always-valid interval estimate ± se·c(N); null while the standard error is unknown. */
export function confidenceSequence(
  estimate: number,
  standardError: number,
  total: number,
  alpha: number,
  rho: number,
): [number, number] | null {
  if (!Number.isFinite(standardError) || total <= 0) return null;
  const half = standardError * boundaryMultiplier(total, alpha, rho);
  return [estimate - half, estimate + half];
}

/**
 * The smallest α at which the sequence (ρ held fixed) excludes 0. c(N) grows as α falls, so the set of
 * α that exclude 0 is an interval and its end has a closed form: |estimate| = se·c(N) solved for α gives
 * p = √(x + 1)·exp(−z²x / (2(x + 1))), z = estimate/se, x = Nρ² (1 / the e-value of the paper's eq. 155,
 * as gbstats computes it), capped at 1. A standard error of 0 or Infinity (no spread to measure yet) is
 * no evidence: p = 1.
 */
export function anytimePValue(estimate: number, standardError: number, total: number, rho: number): number {
  if (!(standardError > 0) || !Number.isFinite(standardError) || total <= 0) return 1;
  const z = estimate / standardError;
  const x = total * rho * rho;
  return Math.min(1, Math.sqrt(x + 1) * Math.exp((-z * z * x) / (2 * (x + 1))));
}
