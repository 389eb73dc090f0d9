import jStat from 'jstat';

/**
 * Sample-ratio check: a chi-square goodness of fit of visitors per arm against the intended weights
 * (even by default), χ² = Σ (nᵢ − Eᵢ)²/Eᵢ with Eᵢ = N·wᵢ/Σw, df = k − 1 (Fabijan et al., "Diagnosing
 * Sample Ratio Mismatch in Online Controlled Experiments", KDD 2019). A mismatch is p < 0.001: strict,
 * because the check runs at every look.
 *
 * Visitors, not sessions: the page script assigns per visitor, so visitors per arm are binomial and the
 * test is calibrated; sessions arrive in clumps of a visitor's return visits, over-dispersed by
 * E[s²]/E[s], and trip the check on a perfect split (issue 42; `npm run bench -- experiments` (b)).
 */
export const SAMPLE_RATIO_P_THRESHOLD = 0.001;

export interface SampleRatio {
  /** Null with fewer than two arms or no visitors. */
  pValue: number | null;
  mismatch: boolean;
}

export function sampleRatio(visitors: number[], weights: number[] = visitors.map(() => 1)): SampleRatio {
  const total = visitors.reduce((sum, n) => sum + n, 0);
  if (visitors.length < 2 || total === 0 || weights.length !== visitors.length || weights.some((w) => !(w > 0)))
    return { pValue: null, mismatch: false };
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  const chi2 = visitors.reduce((sum, n, i) => {
    const expected = (total * weights[i]) / weightSum;
    return sum + (n - expected) ** 2 / expected;
  }, 0);
  const pValue = Math.max(0, 1 - jStat.chisquare.cdf(chi2, visitors.length - 1));
  return { pValue, mismatch: pValue < SAMPLE_RATIO_P_THRESHOLD };
}
