import { wildcardRegex, type Filter, type FilterDimension } from '../../contract/filters.js';

/**
 * How one SQL dialect spells the three tests a filter needs. Every value is bound as a parameter
 * (`bind` returns its placeholder): filter text never becomes SQL.
 */
export interface FilterDialect {
  bind(value: string): string;
  /** Case-insensitive substring test of a non-null column. */
  containsText(column: string, value: string): string;
  /** Whole-value RE2 match of a non-null column (`pattern` is already anchored). */
  fullMatch(column: string, pattern: string): string;
}

/**
 * One filter as a predicate on `column`. Unknown values (NULL) are matched only by a `null` in an
 * `is` list, and kept by every negative operator unless `null` is in an `is_not` list: an unknown
 * country is "not US". Each branch is null-safe, so NOT of it is exact (never NULL).
 */
export function filterPredicate(f: Filter, column: string, d: FilterDialect): string {
  const known = f.values.filter((v): v is string => v !== null);
  const withNull = known.length < f.values.length;
  const anyOf = (tests: string[]) => (tests.length ? `(${column} IS NOT NULL AND (${tests.join(' OR ')}))` : 'false');
  const equal = () => {
    const listed = known.length
      ? `(${column} IS NOT NULL AND ${column} IN (${known.map((v) => d.bind(v)).join(', ')}))`
      : 'false';
    return withNull ? `(${listed} OR ${column} IS NULL)` : listed;
  };
  const contains = () => anyOf(known.map((v) => d.containsText(column, v)));
  const matches = () => anyOf(known.map((v) => d.fullMatch(column, wildcardRegex(v))));
  switch (f.op) {
    case 'is':
      return equal();
    case 'is_not':
      return `NOT ${equal()}`;
    case 'contains':
      return contains();
    case 'not_contains':
      return `NOT ${contains()}`;
    case 'matches':
      return matches();
  }
}

/**
 * The filters that `columns` has a column for, ANDed into one predicate ('' when none apply).
 * Callers pass the columns of the table they read; a dimension it lacks is left to another step.
 */
export function filtersPredicate(
  filters: Filter[] | undefined,
  columns: Partial<Record<FilterDimension, string>>,
  d: FilterDialect,
): string {
  const parts = (filters ?? []).flatMap((f) =>
    columns[f.dimension] ? [filterPredicate(f, columns[f.dimension]!, d)] : [],
  );
  return parts.join(' AND ');
}

/** The session dimensions a session's own row holds a value of: all but `page` (per event) and `goal` (its conversions). */
export type SessionValueDimension = Exclude<FilterDimension, 'page' | 'goal'>;

/**
 * The column of a session's row holding each session value (first-touch values, entry and exit page):
 * the embedded store's `sessions` table, and ClickHouse's sessionsInScope() rows, which take its names.
 */
export const sessionValueColumns: Record<SessionValueDimension, string> = {
  entry_page: 'entry_path',
  exit_page: 'exit_path',
  country: 'country',
  device: 'device',
  browser: 'browser',
  os: 'os',
  referrer: 'referrer',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
};

/** The filters on a session's own values as a predicate on a session's row (`alias.` prefixed when given); '' when none. */
export function sessionValuePredicate(filters: Filter[] | undefined, d: FilterDialect, alias = ''): string {
  const a = alias ? `${alias}.` : '';
  const columns = Object.fromEntries(Object.entries(sessionValueColumns).map(([dim, c]) => [dim, `${a}${c}`]));
  return filtersPredicate(filters, columns, d);
}

/**
 * Whether any filter is on a session's own value (first touch, entry or exit page). A `goal` filter
 * is a session filter too, but no column holds it: the stores find the sessions that converted
 * (goal-filters.ts) apart.
 */
export function hasSessionValueFilters(filters: Filter[] | undefined): boolean {
  return (filters ?? []).some((f) => f.dimension !== 'page' && f.dimension !== 'goal');
}

/** The `page` filters alone (event-level: they pick the page views, clicks and forms on matching pages). */
export function pageFilters(filters: Filter[] | undefined): Filter[] {
  return (filters ?? []).filter((f) => f.dimension === 'page');
}

/** Joins non-empty predicates with AND, each with a leading ` AND ` ('' when all are empty). */
export function andAll(...predicates: string[]): string {
  return predicates
    .filter(Boolean)
    .map((p) => ` AND ${p}`)
    .join('');
}

/** The non-empty predicates joined with AND ('' when all are empty). */
export function allOf(...predicates: string[]): string {
  return predicates.filter(Boolean).join(' AND ');
}
