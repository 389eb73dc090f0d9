import type { FilterDimension } from '../../../contract/filters.js';
import { allOf, filtersPredicate } from '../filter-sql.js';
import type { Scope } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import {
  clickhouseDialect,
  goalsPredicate,
  inMatchingSessions,
  inSessions,
  matchingSessionsSql,
  mergedSessionFilters,
  type SessionsOf,
} from './filter-scope.js';
import { PROPS, scopeWhere, TS } from './sql-fragments.js';

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

/** More untrusted sessions than a query names by value (10,000 keys: ~200 KB of parameter). */
const MAX_NAMED = 10_000;

/** Whether the scope's filters are tested by stamps at all: session values other than the exit page. */
export function stampsApply(s: Scope): boolean {
  const dimensions = (s.filters ?? []).map((f) => f.dimension).filter((d) => d !== 'page' && d !== 'goal');
  return dimensions.length > 0 && !dimensions.includes('exit_page');
}

/**
 * The sessions whose events of `kinds` in the range are not to be judged by their stamps: those with
 * such an event that has no stamp, and the doubted ones. Read once before a report's queries, as
 * decimal keys, so that they can name them (usually none, and then they test the stamps alone: the
 * forms' rows at 10M events under a country filter took 150–170 ms with the subqueries, 52 bare without). null when
 * there are more than `max`: the queries find them by subquery instead. A session that becomes
 * untrusted between this read and the report's is judged by its stamps, as it was a moment before.
 */
export async function untrustedSessions(
  db: ChDb,
  s: Scope,
  params: ChParams,
  kinds: string,
  max = MAX_NAMED,
): Promise<string[] | null> {
  if (!stampsApply(s)) return [];
  const rows = await db.all<{ key: string }>(
    `SELECT DISTINCT toString(session_key) AS key FROM (
       SELECT session_key FROM events WHERE ${scopeWhere('ts')} AND (${kinds}) AND touch_ts IS NULL
       UNION ALL ${doubtedSessions(s, PROPS)})
     LIMIT ${max + 1}`,
    params,
  );
  return rows.length > max ? null : rows.map((r) => r.key);
}

/**
 * inMatchingSessions for the events that meet `kind` (a condition on `events`, e.g. the clicks of the
 * report), by their first-touch stamps where those are right: an event with a stamp whose session is
 * not doubted is kept by its own columns; the others (no stamp: written before stamps existed, or
 * before its session's first page view; or doubted) by the merge of their sessions' partials alone,
 * a small set, where inMatchingSessions merges every session with an event of the kind. Exit-page
 * filters (no stamp holds the last page) keep inMatchingSessions.
 */
export function inMatchingSessionsOf(
  s: Scope,
  params: ChParams,
  kind: string,
  untrusted: string[] | null = null,
): string {
  const among: SessionsOf = (one, props) =>
    `SELECT session_key FROM events WHERE ${scopeWhere('ts', '', props)} AND ${kind}`;
  if (!stampsApply(s)) return inMatchingSessions(s, params, '', among);
  const byStamp = filtersPredicate(s.filters, stampColumnOf, clickhouseDialect(params));
  const goals = goalsPredicate(s, params, '');
  if (untrusted?.length === 0) return allOf(`touch_ts IS NOT NULL AND ${byStamp}`, goals);
  let trusted: string;
  let untrustedOf: SessionsOf;
  if (untrusted) {
    let n = 0;
    while (`us${n}` in params) n++;
    params[`us${n}`] = untrusted.join('\n');
    const named = `SELECT toUInt64(arrayJoin(splitByChar('\\n', {us${n}:String})))`;
    trusted = `(touch_ts IS NOT NULL AND session_key NOT IN (${named}))`;
    untrustedOf = () => named;
  } else {
    trusted = `(touch_ts IS NOT NULL AND NOT ${inSessions(s, params, '', false, doubtedSessions)})`;
    untrustedOf = (one, props) =>
      `SELECT session_key FROM events WHERE ${scopeWhere('ts', '', props)} AND ${kind} AND touch_ts IS NULL
     UNION ALL ${doubtedSessions(one, props)}`;
  }
  const merged = mergedSessionFilters(s.filters, params);
  const byMerge = inSessions(s, params, '', false, (one, props) =>
    matchingSessionsSql(one, params, untrustedOf, props, merged),
  );
  return allOf(`((${trusted} AND ${byStamp}) OR (NOT ${trusted} AND ${byMerge}))`, goals);
}
