import type { Filter, FilterDimension } from '../../../contract/filters.js';
import { filtersPredicate, hasSessionFilters, pageFilters, type FilterDialect } from '../filter-sql.js';
import type { Scope } from '../store.js';
import type { ChParams } from './clickhouse-db.js';
import { firstValueSql, lastValueSql } from './schema.js';
import { TS } from './sql-fragments.js';

/**
 * The report filters (docs/decisions.md "Filters") as SQL fragments on the ClickHouse tables. Every
 * fragment is '' when no filter applies, so an unfiltered report runs exactly the SQL it ran before
 * filters existed. Filter values become parameters `{f0:String}`, `{f1:String}`… of the caller's
 * params; the fragments also read the scope's `{props}`, `{start}` and `{end}` (scopeParams).
 */

/** ClickHouse's spelling of the three tests a filter needs; each value is bound into `params`. */
export function clickhouseDialect(params: ChParams): FilterDialect {
  let n = 0;
  const bind = (value: string) => {
    while (`f${n}` in params) n++;
    params[`f${n}`] = value;
    return `{f${n}:String}`;
  };
  return {
    bind,
    containsText: (column, value) => `positionCaseInsensitiveUTF8(${column}, ${bind(value)}) > 0`,
    fullMatch: (column, pattern) => `match(${column}, ${bind(pattern)})`,
  };
}

type SessionDimension = Exclude<FilterDimension, 'page'>;

/** Each session dimension as the column sessionsInScope() names it. */
const sessionColumns: Record<SessionDimension, string> = {
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

/** Each session dimension merged from the `sessions` partials (grouped per session). */
const mergedColumns: Record<SessionDimension, string> = {
  entry_page: firstValueSql('entry_path'),
  exit_page: lastValueSql('exit'),
  country: firstValueSql('entry_country'),
  device: firstValueSql('entry_device'),
  browser: firstValueSql('entry_browser'),
  os: firstValueSql('entry_os'),
  referrer: firstValueSql('entry_referrer'),
  utm_source: firstValueSql('entry_utm_source'),
  utm_medium: firstValueSql('entry_utm_medium'),
  utm_campaign: firstValueSql('entry_utm_campaign'),
};

/** The session filters as a predicate on a sessionsInScope() row (`alias.` prefixed when given); '' when none. */
export function sessionPredicate(filters: Filter[] | undefined, params: ChParams, alias = ''): string {
  const a = alias ? `${alias}.` : '';
  const columns = Object.fromEntries(Object.entries(sessionColumns).map(([d, c]) => [d, `${a}${c}`]));
  return filtersPredicate(filters, columns, clickhouseDialect(params));
}

/**
 * The session filters as a predicate on a session's merged partials, for the HAVING of a
 * `GROUP BY property_id, session_key` over `sessions` ('' when none).
 */
export function mergedSessionPredicate(filters: Filter[] | undefined, params: ChParams): string {
  return filtersPredicate(filters, mergedColumns, clickhouseDialect(params));
}

/** The `page` filters as a predicate on a path column ('' when none). */
export function pagePredicate(filters: Filter[] | undefined, column: string, params: ChParams): string {
  return filtersPredicate(pageFilters(filters), { page: column }, clickhouseDialect(params));
}

/**
 * A session's identity in the scope: its key alone when the scope is one property (the usual case,
 * and a cheaper set to build and probe), else the pair.
 */
function sessionId(s: Scope, alias: string): { key: string; columns: string } {
  const a = alias ? `${alias}.` : '';
  return s.propertyIds.length === 1
    ? { key: `${a}session_key`, columns: 'session_key' }
    : { key: `(${a}property_id, ${a}session_key)`, columns: 'property_id, session_key' };
}

/**
 * An event row (`alias`) in a session that matches the session filters ('' when none is set). The
 * sessions are merged from the partials of the range and a day either side, the window
 * sessionsInScopeSql reads (a session's events lie within a day of its start: decisions.md), with only
 * the columns the filters name. Any session with an event in the range is among them, whatever day
 * it began. `onlySessions`: a set of rows (property_id, session_key) that limits the merge to those
 * sessions, for a range much shorter than the window (realtime).
 */
export function inMatchingSessions(s: Scope, params: ChParams, alias = '', onlySessions = ''): string {
  if (!hasSessionFilters(s.filters)) return '';
  const dimensions = [...new Set(s.filters!.map((f) => f.dimension).filter((d): d is SessionDimension => d !== 'page'))];
  const columns = Object.fromEntries(dimensions.map((d) => [d, `m_${d}`]));
  const id = sessionId(s, alias);
  return `${id.key} IN (SELECT ${id.columns} FROM (
      SELECT ${id.columns}, ${dimensions.map((d) => `${mergedColumns[d]} AS m_${d}`).join(', ')}
      FROM sessions
      WHERE property_id IN {props:Array(String)} AND start_day >= toDate({start:${TS}}) - 1 AND start_day <= toDate({end:${TS}}) + 1
        ${onlySessions ? `AND ${sessionId(s, '').key} IN (${onlySessions})` : ''}
      GROUP BY ${id.columns})
    WHERE ${filtersPredicate(s.filters, columns, clickhouseDialect(params))})`;
}

/**
 * A session row (`alias`) with at least one non-bot page view on a matching page in the scope's range:
 * what a `page` filter keeps of session figures and of funnels. '' when no page filter is set.
 */
export function viewedMatchingPage(s: Scope, params: ChParams, alias = ''): string {
  const pages = pagePredicate(s.filters, 'path', params);
  if (!pages) return '';
  const id = sessionId(s, alias);
  return `${id.key} IN (SELECT ${id.columns} FROM events
    WHERE property_id IN {props:Array(String)} AND ts >= {start:${TS}} AND ts < {end:${TS}} AND type = 'pageview' AND NOT is_bot AND ${pages})`;
}

/** Joins non-empty predicates with AND, each with a leading ` AND ` ('' when all are empty). */
export function andAll(...predicates: string[]): string {
  return predicates.filter(Boolean).map((p) => ` AND ${p}`).join('');
}

/** The non-empty predicates joined with AND ('' when all are empty). */
export function allOf(...predicates: string[]): string {
  return predicates.filter(Boolean).join(' AND ');
}
