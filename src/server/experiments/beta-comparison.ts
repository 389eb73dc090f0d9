import jStat from 'jstat';

/** Sessions and conversions of one arm; conversions are whole numbers no greater than sessions. */
export interface ArmCounts {
  sessions: number;
  conversions: number;
}

/** Past this many terms (conversions in both arms) the Betas are normal to better than 1e-6 anyway. */
export const MAX_EXACT_TERMS = 100_000;
const Z_975 = 1.959963984540054;

/** The Beta(α, β) posterior of a conversion rate under a uniform Beta(1, 1) prior. */
export function posterior({ sessions, conversions }: ArmCounts): [alpha: number, beta: number] {
  return [1 + conversions, 1 + sessions - conversions];
}

/** P(p_b > p_a) for independent Beta posteriors: exact while the sum is short, normal beyond. */
export function chanceToBeat(b: ArmCounts, a: ArmCounts): number {
  const [alphaB, betaB] = posterior(b);
  const [alphaA, betaA] = posterior(a);
  if (Math.min(alphaA, alphaB) > MAX_EXACT_TERMS) return normalChance(alphaB, betaB, alphaA, betaA);
  // The sum has α_b terms; P(b > a) = 1 − P(a > b) (ties have probability 0), so sum over the smaller α.
  const p =
    alphaB <= alphaA ? exactChance(alphaB, betaB, alphaA, betaA) : 1 - exactChance(alphaA, betaA, alphaB, betaB);
  return Math.min(1, Math.max(0, p));
}

// Evan Miller, "Formulas for Bayesian A/B Testing" (2015), for integer α_b:
// P(p_b > p_a) = Σ_{i=0}^{α_b−1} B(α_a+i, β_a+β_b) / ((β_b+i) · B(1+i, β_b) · B(α_a, β_a)), in log space.
// Consecutive terms have ratio (α_a+i)(β_b+i) / ((α_a+β_a+β_b+i)(1+i)), which crosses 1 once, at
// i* = (α_a·β_b − α_a − β_a − β_b) / (β_a + 1): the terms rise to i* and fall after it. So the sum starts
// at i* and walks outwards until a term is below 1e-17 of the total; the skipped tail is < 1e-11.
function exactChance(alphaB: number, betaB: number, alphaA: number, betaA: number): number {
  const lbetaA = jStat.betaln(alphaA, betaA);
  const term = (i: number) =>
    Math.exp(jStat.betaln(alphaA + i, betaA + betaB) - Math.log(betaB + i) - jStat.betaln(1 + i, betaB) - lbetaA);
  const peak = Math.min(alphaB - 1, Math.max(0, Math.round((alphaA * betaB - alphaA - betaA - betaB) / (betaA + 1))));
  let total = term(peak);
  for (let i = peak + 1; i < alphaB; i++) {
    const t = term(i);
    total += t;
    if (t < total * 1e-17) break;
  }
  for (let i = peak - 1; i >= 0; i--) {
    const t = term(i);
    total += t;
    if (t < total * 1e-17) break;
  }
  return total;
}

function normalChance(alphaB: number, betaB: number, alphaA: number, betaA: number): number {
  const [meanB, varB] = betaMoments(alphaB, betaB);
  const [meanA, varA] = betaMoments(alphaA, betaA);
  return jStat.normal.cdf((meanB - meanA) / Math.sqrt(varA + varB), 0, 1);
}

function betaMoments(alpha: number, beta: number): [mean: number, variance: number] {
  const n = alpha + beta;
  return [alpha / n, (alpha * beta) / (n * n * (n + 1))];
}

/**
 * 95% interval of (p_b − p_a) / p_a: log(p_b / p_a) taken as normal with the exact mean and variance of
 * the log of each Beta, E[ln p] = ψ(α) − ψ(α+β) and Var[ln p] = ψ′(α) − ψ′(α+β).
 */
export function upliftInterval(b: ArmCounts, a: ArmCounts): [number, number] {
  const [alphaB, betaB] = posterior(b);
  const [alphaA, betaA] = posterior(a);
  const mean = digamma(alphaB) - digamma(alphaB + betaB) - (digamma(alphaA) - digamma(alphaA + betaA));
  const sd = Math.sqrt(trigamma(alphaB) - trigamma(alphaB + betaB) + trigamma(alphaA) - trigamma(alphaA + betaA));
  return [Math.expm1(mean - Z_975 * sd), Math.expm1(mean + Z_975 * sd)];
}

// ψ and ψ′ for x > 0: the recurrences ψ(x) = ψ(x+1) − 1/x and ψ′(x) = ψ′(x+1) + 1/x² lift x to ≥ 6,
// where the asymptotic series below are accurate to ~1e-12.
export function digamma(x: number): number {
  let shift = 0;
  for (; x < 6; x++) shift -= 1 / x;
  const r = 1 / (x * x);
  return shift + Math.log(x) - 0.5 / x - r * (1 / 12 - r * (1 / 120 - r * (1 / 252 - r * (1 / 240 - r / 132))));
}

export function trigamma(x: number): number {
  let shift = 0;
  for (; x < 6; x++) shift += 1 / (x * x);
  const r = 1 / (x * x);
  return shift + 1 / x + r / 2 + (r / x) * (1 / 6 - r * (1 / 30 - r * (1 / 42 - r * (1 / 30 - (r * 5) / 66))));
}
