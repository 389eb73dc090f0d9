import type { FilterDimension } from '../../../contract/filters.js';
import { allOf, filtersPredicate } from '../filter-sql.js';
import type { Scope } from '../store.js';
import type { ChParams } from './clickhouse-db.js';
import {
  clickhouseDialect,
  goalsPredicate,
  inMatchingSessions,
  inSessions,
  matchingSessionsSql,
  mergedSessionFilters,
  type SessionsOf,
} from './filter-scope.js';
import { scopeWhere, TS } from './sql-fragments.js';

/** Each first-touch dimension's stamp on events (first-touch-stamps.ts). The exit page has none. */
const stampColumnOf: Partial<Record<FilterDimension, string>> = {
  entry_page: 'touch_path',
  referrer: 'touch_referrer',
  utm_source: 'touch_utm_source',
  utm_medium: 'touch_utm_medium',
  utm_campaign: 'touch_utm_campaign',
  country: 'touch_country',
  device: 'touch_device',
  browser: 'touch_browser',
  os: 'touch_os',
};

/** The sessions of `one` whose stamps may be wrong, by the day touch_doubts keeps (a day after a start at most). */
const doubtedSessions: SessionsOf = (_one, props) =>
  `SELECT session_key FROM touch_doubts WHERE property_id IN ${props}
     AND day >= toDate({start:${TS}}) - 1 AND day <= toDate({end:${TS}}) + 1`;

/**
 * inMatchingSessions for the events that meet `kind` (a condition on `events`, e.g. the clicks of the
 * report), by their first-touch stamps where those are right: an event with a stamp whose session is
 * not doubted is kept by its own columns; the others (no stamp: written before stamps existed, or
 * before its session's first page view; or doubted) by the merge of their sessions' partials alone,
 * a small set, where inMatchingSessions merges every session with an event of the kind. Exit-page
 * filters (no stamp holds the last page) keep inMatchingSessions.
 */
export function inMatchingSessionsOf(s: Scope, params: ChParams, kind: string): string {
  const among: SessionsOf = (one, props) =>
    `SELECT session_key FROM events WHERE ${scopeWhere('ts', '', props)} AND ${kind}`;
  const dimensions = (s.filters ?? []).map((f) => f.dimension).filter((d) => d !== 'page' && d !== 'goal');
  if (dimensions.length === 0 || dimensions.includes('exit_page')) return inMatchingSessions(s, params, '', among);
  const byStamp = filtersPredicate(s.filters, stampColumnOf, clickhouseDialect(params));
  const trusted = `(touch_ts IS NOT NULL AND NOT ${inSessions(s, params, '', false, doubtedSessions)})`;
  const untrusted: SessionsOf = (one, props) =>
    `SELECT session_key FROM events WHERE ${scopeWhere('ts', '', props)} AND ${kind} AND touch_ts IS NULL
     UNION ALL ${doubtedSessions(one, props)}`;
  const merged = mergedSessionFilters(s.filters, params);
  const byMerge = inSessions(s, params, '', false, (one, props) =>
    matchingSessionsSql(one, params, untrusted, props, merged),
  );
  return allOf(`((${trusted} AND ${byStamp}) OR (NOT ${trusted} AND ${byMerge}))`, goalsPredicate(s, params, ''));
}
