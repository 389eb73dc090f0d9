import type { Change } from '../../../../contract/experiments.js';

type CssValue = Extract<Change, { op: 'css' }>['value'];

/** One line of the css editor: a camel-case property and its value, both as typed. */
export interface CssRow {
  property: string;
  value: string;
}

export const blankCssRow = (): CssRow => ({ property: '', value: '' });

/** The contract's css object as editable rows, in the object's order. */
export function cssToRows(css: CssValue): CssRow[] {
  return Object.entries(css).map(([property, value]) => ({ property, value: String(value) }));
}

/**
 * Rows back to the contract's object. A row left wholly blank is a line not filled in yet, not a
 * property named "": it is skipped. Property names are trimmed; values are kept as typed.
 */
export function rowsToCss(rows: readonly CssRow[]): CssValue {
  const css: CssValue = {};
  for (const row of rows) {
    const property = row.property.trim();
    if (property === '' && row.value.trim() === '') continue;
    css[property] = row.value;
  }
  return css;
}

/** Which row holds `property` (the row the server or the schema blamed), or -1. */
export function rowOfProperty(rows: readonly CssRow[], property: string): number {
  return rows.findIndex((r) => r.property.trim() === property);
}
