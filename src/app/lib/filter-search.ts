import { z } from 'zod';
import { encodeFilters, filterList, MAX_FILTERS, type Filter, type FilterDimension } from '../../contract/filters.js';

/**
 * `?filters=` holds the API's own wire form, `[["is","referrer",["google.com"]]]`, so a dashboard link
 * and an API call read the same. The router hands it over already JSON-parsed; the contract's schema
 * checks it, and anything it refuses (a typo, an 11th filter) falls back to no filters.
 */
export const filtersSearchParam = filterList.optional().catch(undefined);

export type FilterTuples = z.infer<typeof filterList>;

export const filtersFromSearch = (tuples: FilterTuples | undefined): Filter[] =>
  (tuples ?? []).map(([op, dimension, values]) => ({ op, dimension, values }));

/** The URL form; no filters leaves the parameter out, so an unfiltered link stays as it was. */
export const searchFromFilters = (filters: Filter[]): FilterTuples | undefined =>
  filters.length ? filters.map((f): FilterTuples[number] => [f.op, f.dimension, f.values]) : undefined;

/** What a report sends: `filters` only when there are some, so an unfiltered request is unchanged. */
export const filtersQuery = (filters: Filter[]): { filters?: string } =>
  filters.length ? { filters: encodeFilters(filters) } : {};

// `contains` ignores case, so "/BLOG" is the same filter as "/blog".
const canonical = (f: Filter): Filter =>
  f.op === 'contains' || f.op === 'not_contains' ? { ...f, values: f.values.map((v) => v?.toLowerCase() ?? null) } : f;
const sameFilter = (a: Filter, b: Filter) => encodeFilters([canonical(a)]) === encodeFilters([canonical(b)]);

/**
 * A clicked row: "only this value" for its dimension. Another `is` on the same dimension would AND
 * into nothing, so it is replaced in place; other operators (page contains /blog) stay, since the
 * row was shown within them. Clicking the value already filtered changes nothing.
 */
export function filterBy(filters: Filter[], dimension: FilterDimension, value: string | null): Filter[] {
  const next: Filter = { op: 'is', dimension, values: [value] };
  const at = filters.findIndex((f) => f.op === 'is' && f.dimension === dimension);
  if (at < 0) return addFilter(filters, next);
  if (sameFilter(filters[at], next)) return filters;
  return filters.flatMap((f, i) => (i === at ? [next] : f.op === 'is' && f.dimension === dimension ? [] : [f]));
}

/** A typed filter, added to the others; an exact repeat, or one past the API's limit, changes nothing. */
export function addFilter(filters: Filter[], filter: Filter): Filter[] {
  if (filters.length >= MAX_FILTERS || filters.some((f) => sameFilter(f, filter))) return filters;
  return [...filters, filter];
}

export const removeFilter = (filters: Filter[], index: number): Filter[] => filters.filter((_, i) => i !== index);

/** A router `search` updater that applies `edit` to the URL's filters and keeps everything else. */
export const editFilters =
  (edit: (filters: Filter[]) => Filter[]) =>
  <S extends { filters?: FilterTuples }>(search: S): S => ({
    ...search,
    filters: searchFromFilters(edit(filtersFromSearch(search.filters))),
  });
