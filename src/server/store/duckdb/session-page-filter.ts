import type { Scope } from '../store.js';
import { ts, type Params } from './database.js';
import { pageTextPredicate, propertiesOf } from './filter-scope.js';

/**
 * The `page` filters on a row of `sessions` (`alias`): the session viewed a matching page in the
 * range (docs/decisions.md "Filters"). A numbered session whose views all lie in the range is tested
 * by its path (session-paths.ts): the distinct paths holding a matching page are a small list, so no
 * page view is read for it. Only the others (crossing the range's ends, not numbered yet) are looked
 * up among the range's views of matching pages; before, every session was, which joined a popular
 * page's million views to the sessions (4.4× the unfiltered entry pages at 10M events). '' when no
 * page filter is set. Binds `$start`/`$end` as scopeFilter does.
 */
export function sessionViewedMatchingPage(s: Scope, params: Params, alias = ''): string {
  const matching = pageTextPredicate(s.filters, 'text', params);
  if (!matching) return '';
  params.start = ts(s.start);
  params.end = ts(s.end);
  const props = propertiesOf(s, params);
  const single = s.propertyIds.length === 1;
  const a = alias ? `${alias}.` : '';
  const inside = (p: string) =>
    `${p}pattern_no IS NOT NULL AND ${p}first_pv_ts >= $start::TIMESTAMP AND ${p}last_pv_ts < $end::TIMESTAMP`;
  const pages = `SELECT text_no FROM text_numbers WHERE ${matching}`;
  // Unnested and joined rather than list_has_any against a subquery's list, which DuckDB plans as a
  // nested loop over every path (110 ms of 300 at 10M events).
  const byPath = `${a}pattern_no IN (SELECT pattern_no FROM (SELECT pattern_no, unnest(views) AS path_no FROM path_patterns) WHERE path_no IN (${pages}))`;
  const key = single ? 'session_key' : '(property_id, session_key)';
  const others = `SELECT ${key === 'session_key' ? key : 'property_id, session_key'} FROM sessions WHERE ${props}
    AND first_pv_ts < $end::TIMESTAMP AND last_pv_ts >= $start::TIMESTAMP AND NOT (${inside('')})`;
  const byViews = `${single ? `${a}session_key` : `(${a}property_id, ${a}session_key)`} IN (
    SELECT ${key === 'session_key' ? key : 'property_id, session_key'} FROM compact_page_views
    WHERE ${props} AND ts >= $start::TIMESTAMP AND ts < $end::TIMESTAMP AND path_no IN (${pages})
      AND ${key} IN (${others}))`;
  return `CASE WHEN ${inside(a)} THEN ${byPath} ELSE ${byViews} END`;
}
