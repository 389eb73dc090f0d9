import type { Filter, FilterDimension } from '../../../contract/filters.js';
import { filtersPredicate, hasSessionFilters, pageFilters, type FilterDialect } from '../filter-sql.js';
import type { Scope } from '../store.js';
import { ts, type Params } from './database.js';

/**
 * The report filters (docs/decisions.md "Filters") as SQL fragments on the embedded store's tables.
 * Every fragment is '' when no filter applies, so an unfiltered report runs exactly the SQL it ran
 * before filters existed. Filter values become parameters `$flt0`, `$flt1`… of the caller's params.
 */

/** DuckDB's spelling of the three tests a filter needs; each value is bound into `params`. */
export function duckdbDialect(params: Params): FilterDialect {
  let n = 0;
  const bind = (value: string) => {
    while (`flt${n}` in params) n++;
    params[`flt${n}`] = value;
    return `$flt${n}::VARCHAR`;
  };
  return {
    bind,
    containsText: (column, value) => `contains(lower(${column}), lower(${bind(value)}))`,
    fullMatch: (column, pattern) => `regexp_full_match(${column}, ${bind(pattern)})`,
  };
}

/** The `sessions` column holding each session dimension (first-touch values, entry and exit page). */
const sessionColumns: Record<Exclude<FilterDimension, 'page'>, string> = {
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

/** The session filters as a predicate on a `sessions` row (`alias.` prefixed when given); '' when none. */
export function sessionPredicate(filters: Filter[] | undefined, params: Params, alias = ''): string {
  const a = alias ? `${alias}.` : '';
  const columns = Object.fromEntries(Object.entries(sessionColumns).map(([d, c]) => [d, `${a}${c}`]));
  return filtersPredicate(filters, columns, duckdbDialect(params));
}

/**
 * The `page` filters as a condition on a path number column: the numbers of the dictionary's texts
 * that match, a small table next to the rows it filters ('' when no page filter).
 */
export function pageNumberCondition(filters: Filter[] | undefined, column: string, params: Params): string {
  const pages = pageFilters(filters);
  if (pages.length === 0) return '';
  return `${column} IN (SELECT text_no FROM text_numbers WHERE ${filtersPredicate(pages, { page: 'text' }, duckdbDialect(params))})`;
}

/** The `page` filters as a predicate on a path text column ('' when none). */
export function pageTextPredicate(filters: Filter[] | undefined, column: string, params: Params): string {
  return filtersPredicate(pageFilters(filters), { page: column }, duckdbDialect(params));
}

/** The scope's properties as a predicate (bound as `$p0`…, the names scopeFilter gives them). */
function propertiesOf(s: Scope, params: Params): string {
  const names = s.propertyIds.map((id, i) => {
    params[`p${i}`] = id;
    return `$p${i}`;
  });
  return names.length === 1 ? `property_id = ${names[0]}` : `property_id IN (${names.join(', ')})`;
}

/**
 * A row (`alias`) whose session is among those `from` yields. With one property (the usual scope)
 * its session keys are unique, so the key alone is matched: a cheaper join than on (property, key),
 * which hashes the property's text for every row.
 */
function sessionIn(s: Scope, alias: string, from: string): string {
  const a = alias ? `${alias}.` : '';
  return s.propertyIds.length === 1
    ? `${a}session_key IN (SELECT session_key FROM ${from})`
    : `(${a}property_id, ${a}session_key) IN (SELECT property_id, session_key FROM ${from})`;
}

/**
 * An event row (`alias`) in a session that matches the session filters, among the sessions with an
 * event in the scope's range (first_ts < end, last_ts >= start: not only those starting in it).
 * Binds `$start`/`$end` as scopeFilter does. '' when no session filter is set.
 */
export function inMatchingSessions(s: Scope, params: Params, alias = ''): string {
  if (!hasSessionFilters(s.filters)) return '';
  params.start = ts(s.start);
  params.end = ts(s.end);
  return sessionIn(s, alias, `sessions WHERE ${propertiesOf(s, params)}
    AND first_ts < $end::TIMESTAMP AND last_ts >= $start::TIMESTAMP AND ${sessionPredicate(s.filters, params)}`);
}

/**
 * A session's row (`alias`) when the session viewed a matching page in the scope's range: what a
 * `page` filter keeps of session figures and of funnels. '' when no page filter is set.
 */
export function viewedMatchingPage(s: Scope, params: Params, alias = ''): string {
  const pages = pageNumberCondition(s.filters, 'path_no', params);
  if (!pages) return '';
  params.start = ts(s.start);
  params.end = ts(s.end);
  return sessionIn(s, alias, `compact_page_views WHERE ${propertiesOf(s, params)}
    AND ts >= $start::TIMESTAMP AND ts < $end::TIMESTAMP AND ${pages}`);
}

/** Joins non-empty predicates with AND, each with a leading ` AND ` ('' when all are empty). */
export function andAll(...predicates: string[]): string {
  return predicates.filter(Boolean).map((p) => ` AND ${p}`).join('');
}
