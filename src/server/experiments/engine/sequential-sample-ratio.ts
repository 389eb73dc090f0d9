import jStat from 'jstat';
import { SAMPLE_RATIO_P_THRESHOLD, type SampleRatio } from './sample-ratio.js';

/**
 * The sample-ratio check made safe to run at every look: Lindon & Malek, "Anytime-Valid Inference for
 * Multinomial Count Data" (NeurIPS 2022), as Optimizely's `ssrm` implements it. The Bayes factor of a
 * Dirichlet(A·θ) mixture of splits against the intended split θ, from the visitors counted so far:
 *
 *   BF = Γ(A)/Γ(A + N) · Π Γ(Aθᵢ + nᵢ)/Γ(Aθᵢ) / Π θᵢ^{nᵢ},   p = min(1, 1/BF),
 *
 * with A = 100. Under the intended split BF is a non-negative martingale of mean 1, so by Ville's
 * inequality the chance that 1/BF ever falls below α, however often it is read, is ≤ α whatever A is;
 * the chi-square's 0.001 read daily is not (≈ 1% of 28-day A/A tests, `npm run bench -- experiments`).
 * A sets which imbalances it finds fast: ssrm's default 10,000 spreads the mixture about 1% around the
 * intended split, which suits millions of visitors but let 300 against 100 pass (p = 0.15) on a small
 * site; 100 flags that at p = 2.8e-18 and still flags 52/48 of 20,000 (1.7e-6; chi-square 1.5e-8)
 * and 51/49 of 100,000 (6.7e-8).
 */
export const SRM_CONCENTRATION = 100;

export function sequentialSampleRatio(
  visitors: number[],
  weights: number[] = visitors.map(() => 1),
  concentration = SRM_CONCENTRATION,
): SampleRatio {
  const total = visitors.reduce((sum, n) => sum + n, 0);
  if (visitors.length < 2 || total === 0 || weights.length !== visitors.length || weights.some((w) => !(w > 0)))
    return { pValue: null, mismatch: false };
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  let logBayesFactor = jStat.gammaln(concentration) - jStat.gammaln(concentration + total);
  visitors.forEach((n, i) => {
    const share = weights[i] / weightSum;
    const prior = concentration * share;
    logBayesFactor += jStat.gammaln(prior + n) - jStat.gammaln(prior) - n * Math.log(share);
  });
  const pValue = Math.min(1, Math.exp(-logBayesFactor));
  return { pValue, mismatch: pValue < SAMPLE_RATIO_P_THRESHOLD };
}
