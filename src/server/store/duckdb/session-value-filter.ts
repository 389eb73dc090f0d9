import type { Scope } from '../store.js';
import type { Params, Reader } from './database.js';
import { duckdbDialect, touchNumberCondition } from './filter-scope.js';
import { sessionValuePredicate } from '../filter-sql.js';

/**
 * The sessions of `sessions x` matching `where` (a predicate binding only `whereParams`) whose own
 * values match the value filters, as a relation with the columns of `sessions`: a numbered session
 * by its first-touch numbers against the few numbers whose texts match (session-tuples.ts), one not
 * numbered yet by its texts, read from the first such session on. null when no value filter is set
 * or one reads a value the numbers lack (exit page): the caller tests the texts as before. Binds
 * into `params`; `read` must be a snapshot's (Database.snapshot), as the bound read here must hold
 * for the caller's query.
 *
 * Testing texts cost most of a filtered session report: at 10M events, the entry and exit pages of
 * 537k mobile sessions outside the US took 46 ms by the device and country texts of the range's 1.8M
 * sessions, 29 by their client numbers (unfiltered 21). As one predicate with an OR or a CASE for the
 * sessions not numbered yet, DuckDB could not push either test into the scan (67–69 ms); two
 * branches of a UNION ALL, the second cut by zone maps to the latest row groups, can.
 */
export async function sessionsByTouchNumbers(
  read: Reader,
  s: Scope,
  where: string,
  whereParams: Params,
  params: Params,
): Promise<string | null> {
  const numbers = touchNumberCondition(s, params, 'x');
  if (!numbers) return null;
  Object.assign(params, whereParams);
  const numbered = `SELECT x.* FROM sessions x WHERE ${where} AND x.client_no IS NOT NULL AND ${numbers}`;
  const [fresh] = await read<{ lo: string | null }>(
    `SELECT min(x.first_ts)::VARCHAR AS lo FROM sessions x WHERE ${where} AND x.client_no IS NULL`,
    whereParams,
  );
  if (fresh.lo === null) return `(${numbered})`;
  let n = 0;
  while (`unnumbered${n}` in params) n++;
  params[`unnumbered${n}`] = fresh.lo;
  const texts = sessionValuePredicate(s.filters, duckdbDialect(params), 'x');
  return `(${numbered} UNION ALL SELECT x.* FROM sessions x WHERE ${where}
    AND x.client_no IS NULL AND x.first_ts >= $unnumbered${n}::TIMESTAMP AND ${texts})`;
}
