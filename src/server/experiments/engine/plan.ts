import jStat from 'jstat';
import { boundaryMultiplier, mixtureRho } from './confidence-sequence.js';

/**
 * The planned sample: visitors per arm at which the always-valid test (confidence-sequence.ts) finds a
 * true relative effect of `relativeMde` with the wanted power. Fixed at the test's creation from the
 * control's baseline, so the days to call come from it and do not swing with each day's noise.
 *
 * With δ = mde·|m₀| (the effect on the difference scale), se(n) = √((v₀ + v₁)/n) and the sequence's
 * half-width c(N)·se at N = 2n, the call comes at n when |d̂| > c·se, so
 * power(n) ≈ Φ(δ/se(n) − c(2n)) (the far tail is negligible); n is the smallest with power(n) ≥ 0.8.
 * Each comparison is held to α/(k − 1), Holm's strictest step (Bonferroni), so every variant of a k-arm
 * test has the power planned. The mixture is tuned at N* = 2n itself (the plan is where the sequence
 * should be tightest), which makes c constant in n and gives the smallest plan (5% baseline, 10% MDE: 59,804
 * an arm, against 67,688 tuned at N* = 10,000 and 75,824 at 1,000,000); a fixed N* (`tuningTotal`) makes c
 * vary with n, so n is searched numerically either way: doubling, then bisection on whole visitors.
 *
 * Binary goals: v₀ = p(1 − p) and v₁ = p₁(1 − p₁) at the raised rate p₁ = p(1 + mde). Continuous goals:
 * v₁ = v₀. At the 59,804 above, c = 3.035; a fixed-horizon test (1.96) would need 31,231 an arm: the price
 * of looking every day.
 *
 * Why 10% by default: most changes that ship move their metric by a few percent, so planning for 20%
 * leaves real improvements unfound and exaggerates the ones that pass (the winner's curse); 5% needs four
 * times the traffic (≈ 234,000 visitors per arm at a 5% baseline), beyond most self-hosted sites in a
 * quarter. 10% is the compromise; a test may set its own.
 */
export const DEFAULT_RELATIVE_MDE = 0.1;
const MAX_PER_ARM = 1e9;

export interface Baseline {
  mean: number;
  variance: number;
  /** A conversion rate: the variant's variance is then taken at the raised rate. */
  binary?: boolean;
}

export interface PlanOptions {
  relativeMde?: number;
  /** Arms including the control. */
  arms?: number;
  alpha?: number;
  power?: number;
  /** The mixture's N*; the planned total itself when omitted. */
  tuningTotal?: number;
}

/** Power of the always-valid test at `perArm` visitors in each arm, for a true effect of the MDE. */
export function sequentialPower(perArm: number, baseline: Baseline, options: PlanOptions = {}): number {
  const { relativeMde = DEFAULT_RELATIVE_MDE, arms = 2, alpha = 0.05, tuningTotal } = options;
  const delta = relativeMde * Math.abs(baseline.mean);
  const raised = baseline.mean * (1 + relativeMde);
  const variantVariance = baseline.binary ? Math.min(1, raised) * (1 - Math.min(1, raised)) : baseline.variance;
  const se = Math.sqrt((baseline.variance + variantVariance) / perArm);
  const total = 2 * perArm;
  const c = boundaryMultiplier(total, alpha / Math.max(1, arms - 1), mixtureRho(alpha, tuningTotal ?? total));
  return jStat.normal.cdf(delta / se - c, 0, 1);
}

/** Visitors per arm the plan asks for; null when no effect can be planned for (a zero baseline). */
export function plannedVisitorsPerArm(baseline: Baseline, options: PlanOptions = {}): number | null {
  const { relativeMde = DEFAULT_RELATIVE_MDE, power = 0.8 } = options;
  if (!(relativeMde > 0) || baseline.mean === 0 || !(baseline.variance > 0)) return null;
  const enough = (n: number) => sequentialPower(n, baseline, options) >= power;
  let high = 2;
  while (!enough(high)) {
    high *= 2;
    if (high > MAX_PER_ARM) return null;
  }
  let low = high / 2;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (enough(mid)) high = mid;
    else low = mid;
  }
  return high;
}

export interface PlanProgress {
  /** Visitors in all arms so far. */
  visitors: number;
  /** The plan for all arms: planned per arm × arms. */
  plannedVisitors: number | null;
  /** The slowest arm's share of its plan, at most 1: the test is as far along as its slowest arm. */
  fraction: number | null;
  /** Every arm has its planned visitors. */
  reached: boolean;
  /** Whole days until the slowest arm reaches the plan at its pace so far; 0 once reached. */
  daysLeft: number | null;
}

/** How far a test is along its plan ("62% of the planned 14,000 visitors"). */
export function planProgress(
  visitorsPerArm: number[],
  plannedPerArm: number | null,
  daysRunning?: number,
): PlanProgress {
  const visitors = visitorsPerArm.reduce((sum, n) => sum + n, 0);
  if (plannedPerArm === null || !(plannedPerArm > 0) || visitorsPerArm.length === 0)
    return { visitors, plannedVisitors: null, fraction: null, reached: false, daysLeft: null };
  const slowest = Math.min(...visitorsPerArm);
  const reached = slowest >= plannedPerArm;
  const pace = daysRunning && daysRunning > 0 ? slowest / daysRunning : 0;
  return {
    visitors,
    plannedVisitors: plannedPerArm * visitorsPerArm.length,
    fraction: Math.min(1, slowest / plannedPerArm),
    reached,
    daysLeft: reached ? 0 : pace > 0 ? Math.ceil((plannedPerArm - slowest) / pace) : null,
  };
}
