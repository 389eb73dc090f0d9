import type { Filter } from '../../../contract/filters.js';
import {
  allOf,
  filtersPredicate,
  hasSessionValueFilters,
  pageFilters,
  sessionValuePredicate,
  type FilterDialect,
  type SessionValueDimension,
} from '../filter-sql.js';
import { goalFilterSets } from '../goal-filters.js';
import type { Scope } from '../store.js';
import type { ChParams } from './clickhouse-db.js';
import { anyGoalCondition } from './goal-conditions.js';
import { firstValueSql, lastValueSql } from './session-partials.js';
import { PROPS, scopeWhere, TS } from './sql-fragments.js';

// Re-exported so the queries keep importing every filter fragment from here.
export { allOf, andAll } from '../filter-sql.js';

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

/** Each session dimension merged from the `sessions` partials (grouped per session). */
const mergedColumns: Record<SessionValueDimension, string> = {
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

/**
 * The session filters as a predicate on a sessionsInScope() row (`alias.` prefixed when given): its
 * own values, and the goals it converted on in the range; '' when none.
 */
export function sessionPredicate(s: Scope, params: ChParams, alias = ''): string {
  return allOf(sessionValuePredicate(s.filters, clickhouseDialect(params), alias), goalsPredicate(s, params, alias));
}

/**
 * The filters on a session's own values on its merged partials: `columns`, the merged values they
 * read as `m_<dimension>` for the SELECT of a `GROUP BY … session_key` over `sessions`, and `where`,
 * the predicate on those columns for the query around it (not a HAVING: ClickHouse cannot plan `match`
 * over an aggregate there). Both '' when no such filter is set (`goal` filters: goalsPredicate).
 */
export function mergedSessionFilters(
  filters: Filter[] | undefined,
  params: ChParams,
): { columns: string; where: string } {
  const dimensions = [
    ...new Set(
      (filters ?? []).map((f) => f.dimension).filter((d): d is SessionValueDimension => d !== 'page' && d !== 'goal'),
    ),
  ];
  if (dimensions.length === 0) return { columns: '', where: '' };
  return {
    columns: dimensions.map((d) => `${mergedColumns[d]} AS m_${d}`).join(', '),
    where: filtersPredicate(
      filters,
      Object.fromEntries(dimensions.map((d) => [d, `m_${d}`])),
      clickhouseDialect(params),
    ),
  };
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
 * A subquery of sessions in `one` (the scope, or one property of it), reading that scope's properties
 * from the parameter `props`; its rows are sessionId(one)'s columns.
 */
export type SessionsOf = (one: Scope, props: string) => string;
/** As SessionsOf, or null when `one` can have no such session (its part of the set is left out). */
type SessionsOrNone = (one: Scope, props: string) => string | null;

/** The sessions with an event in the range that meets `where` (a condition on `events`). */
export const sessionsWith =
  (where: string): SessionsOf =>
  (one, props) =>
    `SELECT ${sessionId(one, '').columns} FROM events WHERE ${scopeWhere('ts', '', props)} AND ${where}`;

/**
 * A row (`alias`) whose session is [not] among `sessions`. In a scope of several properties, one set of
 * session keys per property, each probed by that property's rows only: a set of (property, key) pairs
 * cost three times as much to build and probe (the two-property summary under a country filter at
 * 10M events: 5.8 s against 1.9 s, on a loaded machine where one property's took 1.5 s).
 */
export function inSessions(
  s: Scope,
  params: ChParams,
  alias: string,
  negate: boolean,
  sessions: SessionsOrNone,
): string {
  const a = alias ? `${alias}.` : '';
  const op = negate ? 'NOT IN' : 'IN';
  if (s.propertyIds.length === 1) {
    const subquery = sessions(s, PROPS);
    return subquery === null ? (negate ? 'true' : 'false') : `${a}session_key ${op} (${subquery})`;
  }
  const each = s.propertyIds.flatMap((id) => {
    let n = 0;
    while (`sp${n}` in params) n++;
    const props = `{sp${n}:Array(String)}`;
    const subquery = sessions({ ...s, propertyIds: [id] }, props);
    if (subquery === null) return [];
    params[`sp${n}`] = [id];
    return [`(${a}property_id IN ${props} AND ${a}session_key IN (${subquery}))`];
  });
  if (each.length === 0) return negate ? 'true' : 'false';
  return `${negate ? 'NOT ' : ''}(${each.join(' OR ')})`;
}

/**
 * The sessions that match the session filters, as the rows sessionId(s).columns of a subquery:
 * merged from the partials of the range and a day either side, the window sessionsInScopeSql reads
 * (a session's events lie within a day of its start: decisions.md), so any session with an event in
 * the range is among them, whatever day it began. The merge reads only the columns the filters name.
 * `among`: sessions of the same scope that limit the merge to them, for reports that can count only
 * those (realtime's last minutes, the sessions with a click, with a view of a funnel's first page).
 * `props`: the parameter holding the scope's properties; `merged`: the filters' columns and predicate,
 * when bound already.
 */
export function matchingSessionsSql(
  s: Scope,
  params: ChParams,
  among?: SessionsOf,
  props = PROPS,
  merged = mergedSessionFilters(s.filters, params),
): string {
  const id = sessionId(s, '');
  return `SELECT ${id.columns} FROM (
      SELECT ${id.columns}, ${merged.columns} FROM sessions
      WHERE property_id IN ${props} AND start_day >= toDate({start:${TS}}) - 1 AND start_day <= toDate({end:${TS}}) + 1${
        among ? ` AND ${id.key} IN (${among(s, props)})` : ''
      }
      GROUP BY ${id.columns})
    WHERE ${merged.where}`;
}

/**
 * The `goal` filters as a predicate on a row (`alias`: events, sessionsInScope rows or merged
 * partials) of the scope, by its session: each keeps the sessions with a non-bot event in the range
 * that converts on one of its goals, by the Goals report's conditions (goal-conditions.ts), or,
 * negated, those with none. Each filter's goals are bound as `{gf<n>_…}`. '' when no goal filter is set.
 */
export function goalsPredicate(s: Scope, params: ChParams, alias = ''): string {
  return allOf(
    ...goalFilterSets(s.filters, s.goals).map((set) => {
      let n = 0;
      while (Object.keys(params).some((k) => k.startsWith(`gf${n}_`))) n++;
      const prefix = (i: number) => (s.propertyIds.length === 1 ? `gf${n}_` : `gf${n}_${i}_`);
      const matches = s.propertyIds.map((id, i) => anyGoalCondition(set.goals, [id], prefix(i), params));
      // No goal that can convert here: nobody converted.
      if (matches.every((m) => m === null)) return set.negate ? '' : 'false';
      return inSessions(s, params, alias, set.negate, (one, props) => {
        const i = s.propertyIds.indexOf(one.propertyIds[0]);
        const match = matches[i];
        if (match === null) return null;
        params[`${prefix(i)}types`] = match.types;
        return `SELECT session_key FROM events
          WHERE ${scopeWhere('ts', '', props)} AND type IN {${prefix(i)}types:Array(String)} AND NOT is_bot AND (${match.condition})`;
      });
    }),
  );
}

/**
 * A row (`alias`: events, or sessionsInScope rows) of a session that matches the session filters: its
 * own values (`among`: see matchingSessionsSql) and the goals it converted on; '' when none is set.
 * One call's text can be used twice in a query: ClickHouse builds one set for identical IN subqueries.
 */
export function inMatchingSessions(s: Scope, params: ChParams, alias = '', among?: SessionsOf): string {
  // The filters' values bound once for every property's set.
  const merged = hasSessionValueFilters(s.filters) ? mergedSessionFilters(s.filters, params) : null;
  const byValue = merged
    ? inSessions(s, params, alias, false, (one, props) => matchingSessionsSql(one, params, among, props, merged))
    : '';
  return allOf(byValue, goalsPredicate(s, params, alias));
}

/**
 * A session row (`alias`) with at least one non-bot page view on a matching page in the scope's range:
 * what a `page` filter keeps of session figures and of funnels. '' when no page filter is set.
 */
export function viewedMatchingPage(s: Scope, params: ChParams, alias = ''): string {
  const pages = pagePredicate(s.filters, 'path', params);
  if (!pages) return '';
  return inSessions(
    s,
    params,
    alias,
    false,
    (_one, props) => `SELECT session_key FROM events
      WHERE ${scopeWhere('ts', '', props)} AND type = 'pageview' AND NOT is_bot AND ${pages}`,
  );
}

/**
 * The settings clause a filtered query ends with ('' unfiltered: its SQL stays as it was).
 * - Without the first, ClickHouse prepares each `IN (subquery)` set for primary-key analysis and
 *   applies it in PREWHERE, which at 10M events cost more than the subquery itself (trend under a
 *   country filter: 1,360 ms of CPU with it, 590 without; the events' key has no session_key anyway).
 * - On a cluster the filters' subqueries read each shard's own rows: a session's events and partials
 *   are all on one shard (table-specs.ts), so its values and its events meet there, as in experiment-figures.ts.
 *   (By default ClickHouse refuses an IN over a Distributed table inside a query over one.)
 */
export function filteredSettings(filters: Filter[] | undefined): string {
  return filters?.length ? ` SETTINGS use_index_for_in_with_subqueries = 0, distributed_product_mode = 'local'` : '';
}
