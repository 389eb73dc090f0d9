import type { ComparedRange } from './comparison-range.js';

// A key no real range has: with no comparison the compared read keeps a key of its own (reusing the
// range's would hand it the range's own figures) and never runs.
const NO_COMPARISON: ComparedRange = { start: 'none', end: 'none', days: { start: 'none', end: 'none' } };

/** A report's read of the compared period, built by its own queryOptions factory; disabled when there is none. */
export function comparedRead<O extends object>(
  compared: ComparedRange | null,
  options: (range: ComparedRange) => O,
): O & { enabled: boolean } {
  return { ...options(compared ?? NO_COMPARISON), enabled: compared !== null };
}
