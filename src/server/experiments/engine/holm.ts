/**
 * Holm–Bonferroni step-down adjusted p-values (Holm, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Statistics 1979): with the m p-values sorted ascending p₍₁₎ ≤ … ≤ p₍ₘ₎,
 * p̃₍ᵢ₎ = max_{j ≤ i} min(1, (m − j + 1)·p₍ⱼ₎). Rejecting every p̃ < α keeps the chance of any false
 * rejection ≤ α under any dependence between the tests (the variants share a control), and it never
 * rejects less than Bonferroni. Returned in the input's order.
 */
export function holmAdjust(pValues: number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
