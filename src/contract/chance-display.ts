/**
 * How a chance to beat (0–1) is shown to people. The server's verdict sentence and the dashboard's
 * variants table both use it, so the two never disagree about the same figure.
 *
 * - Rounded DOWN to 0.1%: a chance just under the 95% call threshold never reads as 95%.
 * - The ends read "> 99.9%" and "< 0.1%": a posterior chance is never certain, and 0.9996 shown as
 *   "100%" would claim it is.
 */
export interface ChanceShown {
  /** '>' or '<' when the chance is beyond the shown value at either end. */
  bound: '>' | '<' | null;
  /** The ratio to print (0.923 for 92.3%), already rounded down to 0.1%. */
  ratio: number;
}

export function chanceShown(p: number): ChanceShown {
  if (p > 0.999) return { bound: '>', ratio: 0.999 };
  if (p < 0.001) return { bound: '<', ratio: 0.001 };
  // The epsilon keeps 0.95 (stored as 0.94999…) at 95.0%.
  return { bound: null, ratio: Math.floor(p * 1000 + 1e-9) / 1000 };
}

/** A sample-ratio p-value as the verdict sentence and the detail page both print it. */
export const formatP = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toFixed(4)}`);
