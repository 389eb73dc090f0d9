import jStat from 'jstat';

const Z_975 = 1.959963984540054; // two-sided α = 0.05
const Z_80 = 0.8416212335729143; // power 80%

/** Chi-square goodness-of-fit p-value of sessions per arm against an even split (df = arms − 1). */
export function sampleRatioPValue(sessions: number[]): number | null {
  const total = sessions.reduce((sum, n) => sum + n, 0);
  if (sessions.length < 2 || total === 0) return null;
  const expected = total / sessions.length;
  const chi2 = sessions.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
  return Math.max(0, 1 - jStat.chisquare.cdf(chi2, sessions.length - 1));
}

/**
 * Sessions per arm for a two-sided test at α = 0.05 to detect rates p1 vs p2 with 80% power (Fleiss,
 * "Statistical Methods for Rates and Proportions"; the formula R's power.prop.test solves):
 * n = (z_{.975}·√(2·p̄·(1−p̄)) + z_{.80}·√(p1(1−p1) + p2(1−p2)))² / (p1 − p2)², p̄ = (p1 + p2) / 2.
 * Infinity when the rates are equal.
 */
export function classicalSessionsPerArm(p1: number, p2: number): number {
  if (p1 === p2) return Infinity;
  const pooled = (p1 + p2) / 2;
  const root = Z_975 * Math.sqrt(2 * pooled * (1 - pooled)) + Z_80 * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / ((p1 - p2) * (p1 - p2)));
}
