import type { CurrencyAmount, ExperimentRecord, VariantFigures } from './store.js';

/** How far before a test's creation its property's payments decide the currency it counts. */
export const CURRENCY_LOOKBACK_MS = 30 * 86_400_000;

/** One variant's payments in one currency, as both stores sum them (exactly, to the billionth). */
export interface VariantPayments {
  variant: number;
  currency: string;
  amount: number;
}

/**
 * Each variant's figures from its counts and its payments per currency: `revenue` is the test's
 * currency only, every other currency is listed apart in `other_revenue`, never added to it.
 */
export function splitRevenue(
  e: ExperimentRecord,
  counts: { sessions: number; conversions: number }[],
  payments: VariantPayments[],
): VariantFigures[] {
  const figures: VariantFigures[] = counts.map((c) => ({ ...c, revenue: 0, other_revenue: [] }));
  const sorted = [...payments].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  for (const p of sorted) {
    const f = figures[p.variant];
    if (!f) continue;
    if (p.currency === e.currency) f.revenue = p.amount;
    else f.other_revenue.push({ currency: p.currency, amount: p.amount } satisfies CurrencyAmount);
  }
  return figures;
}
