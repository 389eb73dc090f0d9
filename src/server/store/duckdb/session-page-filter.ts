import type { Scope } from '../store.js';
import { type Params, type Reader } from './database.js';
import { pageNumberCondition, propertiesOf } from './filter-scope.js';
import { scopeFilter } from './sql-fragments.js';

/**
 * The sessions starting in the scope's range that a `page` filter keeps: those that viewed a matching
 * page in the range (docs/decisions.md "Filters"), as a relation with the columns of `sessions` to
 * read instead of it; plain `sessions` when no page filter is set. Binds the scope's `$p…`, `$start`
 * and `$end` into `params`, as scopeFilter(s, 'first_pv_ts') names them. `read` must be a snapshot's
 * (Database.snapshot): the relation holds bounds read from it.
 *
 * A numbered session whose views all lie in the range (nearly all of them) is tested by its path
 * (session-paths.ts): the paths holding a matching page are set in a bitstring indexed by path number
 * (from pattern_pages), and the session's bit is read. That test cost 12 ms of CPU for 1.8M sessions,
 * where a hash join with the 90k matching paths cost 50 (entry/exit pages under `/pricing` went from
 * 3.8× to 1.7× the unfiltered report at 10M events). The other sessions (not numbered yet, or with
 * views after the range) are looked up among the range's views of matching pages, read from the first
 * such session's start on: a few row groups when, as usual, they are the latest sessions. They are a
 * second branch of a UNION ALL, so the 1.8M others are not probed against them.
 */
export async function sessionsViewingMatchingPage(read: Reader, s: Scope, params: Params): Promise<string> {
  const pages = pageNumberCondition(s.filters, 'path_no', params);
  if (!pages) return 'sessions';
  const scope = scopeFilter(s, 'first_pv_ts');
  Object.assign(params, scope.params);
  const inside = `pattern_no IS NOT NULL AND last_pv_ts < $end::TIMESTAMP`;
  const [bounds] = await read<{ patterns: number | null; others_from: string | null }>(
    `SELECT (SELECT max(pattern_no) FROM path_patterns) AS patterns,
       (SELECT min(first_pv_ts)::VARCHAR FROM sessions WHERE ${scope.where} AND NOT (${inside})) AS others_from`,
    scope.params,
  );
  const last = Number(bounds.patterns ?? 0);
  const bits = `(SELECT bitstring_agg(pattern_no, 0, ${last}) FROM pattern_pages WHERE pattern_no <= ${last} AND ${pages})`;
  const byPath = `SELECT * FROM sessions WHERE ${scope.where} AND ${inside} AND get_bit(${bits}, pattern_no::INTEGER) = 1`;
  if (bounds.others_from === null) return `(${byPath})`;
  params.others_from = bounds.others_from;
  const key = s.propertyIds.length === 1 ? 'session_key' : '(property_id, session_key)';
  const keyColumns = key === 'session_key' ? key : 'property_id, session_key';
  const byViews = `SELECT * FROM sessions WHERE ${scope.where} AND first_pv_ts >= $others_from::TIMESTAMP AND NOT (${inside})
    AND ${key} IN (SELECT ${keyColumns} FROM compact_page_views WHERE ${propertiesOf(s, params)}
      AND ts >= $others_from::TIMESTAMP AND ts < $end::TIMESTAMP AND ${pages})`;
  return `(${byPath} UNION ALL ${byViews})`;
}
