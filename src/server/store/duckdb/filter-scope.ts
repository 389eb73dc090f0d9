import type { Filter, FilterDimension } from '../../../contract/filters.js';
import {
  allOf,
  filtersPredicate,
  hasSessionValueFilters,
  pageFilters,
  sessionValuePredicate,
  type FilterDialect,
} from '../filter-sql.js';
import { goalFilterSets } from '../goal-filters.js';
import type { Scope } from '../store.js';
import { ts, type Database, type Params } from './database.js';
import { convertedSessionsSql } from './goal-hits.js';
import type { touchNumberTables } from './touch-numbers.js';

// Re-exported so the queries keep importing every filter fragment from here.
export { allOf, andAll } from '../filter-sql.js';

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

/**
 * The session filters as a predicate on a `sessions` row of the scope (`alias.` prefixed when given):
 * its own values, and the goals it converted on in the range; '' when none.
 */
export function sessionPredicate(s: Scope, params: Params, alias = ''): string {
  return allOf(sessionValuePredicate(s.filters, duckdbDialect(params), alias), goalsPredicate(s, params, alias));
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
export function propertiesOf(s: Scope, params: Params): string {
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
 * The `goal` filters as a predicate on a row (`alias`) of the scope, by its session: each keeps the
 * sessions with a conversion on one of its goals in the scope's range, found by the Goals report's
 * matching (goal-hits.ts), or, negated, those with none. Binds `$start`/`$end` as scopeFilter does,
 * each filter's goals as `$gf<n>_…`. '' when no goal filter is set.
 */
export function goalsPredicate(s: Scope, params: Params, alias = ''): string {
  return allOf(
    ...goalFilterSets(s.filters, s.goals).map((set) => {
      let n = 0;
      while (Object.keys(params).some((k) => k.startsWith(`gf${n}_`))) n++;
      propertiesOf(s, params);
      params.start = ts(s.start);
      params.end = ts(s.end);
      const converted = convertedSessionsSql(s, set.goals, params, `gf${n}_`);
      // No goal that can convert here: nobody converted.
      if (converted === null) return set.negate ? '' : 'false';
      const reached = sessionIn(s, alias, `(${converted})`);
      return set.negate ? `NOT (${reached})` : reached;
    }),
  );
}

/** The session values each first-touch dictionary holds (session-tuples.ts), by the filters' dimension. */
const clientTupleColumns: Partial<Record<FilterDimension, string>> = {
  country: 'country',
  device: 'device',
  browser: 'browser',
  os: 'os',
};
const arrivalTupleColumns: Partial<Record<FilterDimension, string>> = {
  referrer: 'referrer',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  entry_page: 'entry_path',
};

/**
 * Whether the filters keep a compact table's row by its page and its session's first-touch numbers
 * alone (no goal or exit-page filter): rows alike in both are then kept or left together.
 */
export function keepsByPageAndTouch(filters: Filter[] | undefined): boolean {
  return (filters ?? []).every(
    (f) => f.dimension === 'page' || clientTupleColumns[f.dimension] || arrivalTupleColumns[f.dimension],
  );
}

/** Rows of a compact table carrying first-touch numbers, and the first instant in the range of those not numbered yet. */
export interface NumberedRows {
  table: (typeof touchNumberTables)[number];
  /** null: every row of the range is numbered. */
  freshFrom: string | null;
}

/**
 * Reads where the unnumbered rows of `table` begin in the scope's range, for inMatchingSessions; a
 * read of a few row groups (the column statistics skip those without NULLs). Rows written after it
 * are left out of the report until the pass numbers them, as if it had been asked a moment earlier;
 * a row once numbered stays numbered (touch-numbers.ts), so none is lost.
 */
export async function numberedRows(
  db: Pick<Database, 'all'>,
  s: Scope,
  table: NumberedRows['table'],
  /** Read it without a session filter too (a report grouping rows by their numbers). */
  always = false,
): Promise<NumberedRows> {
  if (!always && !hasSessionValueFilters(s.filters)) return { table, freshFrom: null };
  const params: Params = { start: ts(s.start), end: ts(s.end) };
  const [row] = await db.all<{ first: string | null }>(
    `SELECT min(ts)::VARCHAR AS first FROM ${table} WHERE ${propertiesOf(s, params)}
     AND ts >= $start::TIMESTAMP AND ts < $end::TIMESTAMP AND client_no IS NULL`,
    params,
  );
  return { table, freshFrom: row?.first ?? null };
}

/**
 * The value filters as a test of a row's (`alias`) first-touch numbers against the few numbers whose
 * texts match (session-tuples.ts): '' when no value filter is set, null when one reads a value the
 * numbers lack (exit page). Rows of `sessions` and of the compact tables carry those numbers.
 */
export function touchNumberCondition(s: Scope, params: Params, alias = ''): string | null {
  const values = (s.filters ?? []).filter((f) => f.dimension !== 'page' && f.dimension !== 'goal');
  if (values.some((f) => !clientTupleColumns[f.dimension] && !arrivalTupleColumns[f.dimension])) return null;
  const a = alias ? `${alias}.` : '';
  const d = duckdbDialect(params);
  const client = filtersPredicate(values, clientTupleColumns, d);
  const arrival = filtersPredicate(values, arrivalTupleColumns, d);
  return allOf(
    client ? `${a}client_no IN (SELECT client_no FROM client_tuples WHERE ${client})` : '',
    arrival ? `${a}arrival_no IN (SELECT arrival_no FROM arrival_tuples WHERE ${arrival})` : '',
  );
}

/**
 * A row (`alias`) of a compact table matching the value filters by its session's first-touch
 * numbers; a row not numbered yet through its session, among the sessions whose last event is no
 * earlier than the first such row (zone maps cut that scan to the sessions written lately). null
 * when a filter reads a value the numbers lack (exit page).
 */
function byTouchNumbers(
  s: Scope,
  params: Params,
  alias: string,
  rows: NumberedRows,
  sessions: () => string,
): string | null {
  const numbered = touchNumberCondition(s, params, alias);
  if (numbered === null) return null;
  if (rows.freshFrom === null) return `(${numbered})`;
  const a = alias ? `${alias}.` : '';
  let n = 0;
  while (`fresh${n}` in params) n++;
  params[`fresh${n}`] = rows.freshFrom;
  const unnumbered = `${a}client_no IS NULL AND ${sessionIn(s, alias, `${sessions()} AND last_ts >= $fresh${n}::TIMESTAMP`)}`;
  return `((${numbered}) OR (${unnumbered}))`;
}

/**
 * An event row (`alias`) in a session that matches the session filters: by its own values, among the
 * sessions with an event in the scope's range (first_ts < end, last_ts >= start: not only those
 * starting in it), and by the goals it converted on in the range. Binds `$start`/`$end` as
 * scopeFilter does. '' when no session filter is set. `rows`: the rows are a compact table's, which
 * carry their session's first-touch numbers (numberedRows() read in the same request).
 */
export function inMatchingSessions(s: Scope, params: Params, alias = '', rows?: NumberedRows): string {
  const byValue = () => {
    params.start = ts(s.start);
    params.end = ts(s.end);
    // Built only when used: it binds the filters' values, and a statement must use every parameter.
    const sessions = () => `sessions WHERE ${propertiesOf(s, params)}
    AND first_ts < $end::TIMESTAMP AND last_ts >= $start::TIMESTAMP AND ${sessionValuePredicate(s.filters, duckdbDialect(params))}`;
    return (rows && byTouchNumbers(s, params, alias, rows, sessions)) ?? sessionIn(s, alias, sessions());
  };
  return allOf(hasSessionValueFilters(s.filters) ? byValue() : '', goalsPredicate(s, params, alias));
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
  return sessionIn(
    s,
    alias,
    `compact_page_views WHERE ${propertiesOf(s, params)}
    AND ts >= $start::TIMESTAMP AND ts < $end::TIMESTAMP AND ${pages}`,
  );
}
