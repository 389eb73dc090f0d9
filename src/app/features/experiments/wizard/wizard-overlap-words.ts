import type { ExperimentDetail } from '../../../../contract/experiments.js';

/** A running test on the wizard's page and the selectors its variants change. */
export interface RunningTest {
  id: string;
  name: string;
  selectors: string[];
}

// Selectors are compared as written, give or take spacing: `#a  .b` and `#a .b` pick the same element.
const normalize = (selector: string) => selector.trim().replace(/\s+/g, ' ');

/** Every selector a test's variants change, once each, in the order they appear. */
export function selectorsOf(detail: Pick<ExperimentDetail, 'variants'>): string[] {
  return [...new Set(detail.variants.flatMap((v) => v.changes.map((c) => normalize(c.selector))))];
}

/** The running test's selectors that the new test would change too. */
export function overlappingSelectors(test: RunningTest, selectors: readonly string[]): string[] {
  const mine = new Set(selectors.map(normalize));
  return test.selectors.filter((s) => mine.has(s));
}

/**
 * Why a second test on the page muddles both: a visitor is assigned to each independently, so each
 * test's variants are measured with the other's changes mixed in. A warning, not a refusal: some
 * people mean to run overlapping tests.
 */
export function overlapWarning(test: RunningTest, selectors: readonly string[]): string {
  const overlap = overlappingSelectors(test, selectors);
  const including = overlap.length ? ` (including ${overlap.join(', ')})` : '';
  return `A running test, “${test.name}”, already changes this page${including}. Visitors would be in both tests, and each test's figures would include the other's changes.`;
}
