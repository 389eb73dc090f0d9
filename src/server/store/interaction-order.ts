import { byCountsThenValues } from './ranked-rows.js';

interface Ranked {
  count: number;
  unique: number;
  path: string | null;
  target: string | null;
  label: string | null;
}

/**
 * The order of the clicks and forms rows, the same on both stores (each store's SQL picks the top
 * rows; this orders them): counts, then distinct sessions, descending; then per page the page and
 * target (by locale, as the report always did), per element the target and label (nulls last).
 */
export const interactionOrder = {
  byPage: (a: Ranked, b: Ranked) =>
    b.count - a.count ||
    b.unique - a.unique ||
    String(a.path).localeCompare(String(b.path)) ||
    String(a.target).localeCompare(String(b.target)),
  byElement: byCountsThenValues<Ranked>(
    (r) => [r.count, r.unique],
    (r) => [r.target, r.label],
  ),
};
