/**
 * Clicks and forms rows with the seed API's fields only: the label and rate extensions left out, so
 * the suites written before them keep checking what they checked (interaction-labels.test.ts checks
 * the extensions).
 */
export function seedFields<T extends object>(
  rows: readonly T[],
): Omit<T, 'label' | 'click_through_rate' | 'submission_rate'>[] {
  return rows.map((row) => {
    const {
      label: _label,
      click_through_rate: _ctr,
      submission_rate: _sr,
      ...seed
    } = row as T & { label?: unknown; click_through_rate?: unknown; submission_rate?: unknown };
    return seed;
  });
}
