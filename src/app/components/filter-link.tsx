import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FilterDimension } from '../../contract/filters.js';
import { editFilters, filterBy } from '../lib/filter-search.js';
import { filterWords } from '../lib/filter-words.js';

/** One `is` filter a row stands for; a UTM row stands for three (source, medium, campaign). */
export type FilterPick = [dimension: FilterDimension, value: string | null];

/**
 * A React key for the row these picks stand for: keyed by its own filter, not its place, a row's
 * element keeps showing (and filtering by) one value when a refresh reorders the rows, so a focused
 * link never turns into another value's.
 */
export const pickKey = (picks: FilterPick[]) => JSON.stringify(picks);

const applyPicks = (picks: FilterPick[]) =>
  editFilters((filters) => picks.reduce((f, [dimension, value]) => filterBy(f, dimension, value), filters));
const describe = (picks: FilterPick[]) =>
  `Show only: ${picks.map(([dimension, value]) => filterWords({ op: 'is', dimension, values: [value] })).join(', ')}`;

/**
 * A breakdown row's label as a link to the same report filtered by it: a real link (keyboard, new
 * tab, back button undoes it). The scroll stays where the person clicked. No preloading on hover:
 * a pointer crossing a table would otherwise start every report of each row it passes.
 */
export function FilterLink({ by, children }: { by: FilterPick[]; children: ReactNode }) {
  return (
    <Link
      to="."
      search={applyPicks(by)}
      resetScroll={false}
      preload={false}
      className="filter-link"
      title={describe(by)}
    >
      {children}
    </Link>
  );
}

/**
 * For rows whose label already links somewhere (a page to its detail): a small button beside it that
 * filters by the value instead.
 */
export function FilterButton({ by }: { by: FilterPick[] }) {
  const navigate = useNavigate();
  const words = describe(by);
  return (
    <button
      type="button"
      className="filter-button"
      aria-label={words}
      title={words}
      onClick={() => navigate({ to: '.', search: applyPicks(by), resetScroll: false })}
    >
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path
          d="M1.5 2h13l-5 6.2V13l-3 1.5V8.2z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
