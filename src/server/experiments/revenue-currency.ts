import type { ExperimentRecord, Store } from '../store/store.js';

/**
 * The test as its figures count it: with the one currency its revenue counts. A test keeps the
 * currency it was created with; one created before currencies were kept, or before its property had
 * any payment, takes the store's rule (Store.experimentCurrency), which reads only payments that are
 * already in the past once decided, so its answer does not move (docs/decisions.md, "Split tests:
 * revenue in one currency").
 */
export async function withRevenueCurrency(
  store: Pick<Store, 'experimentCurrency'>,
  e: ExperimentRecord,
): Promise<ExperimentRecord> {
  if (e.currency) return e;
  const currency = await store.experimentCurrency(e);
  return currency ? { ...e, currency } : e;
}
