import type { FunnelDimension, FunnelQuery, FunnelRow, Scope } from '../store.js';
import type { Database, Params, Reader } from './database.js';
import { sessionValueColumns } from '../filter-sql.js';
import { andAll, inMatchingSessions, viewedMatchingPage } from './filter-scope.js';

// SQL shared by the funnel queries of page steps (funnel-queries.ts) and of goal steps (funnel-goal-steps.ts).

type Db = Pick<Database, 'all'>;

/**
 * The `sessions` column of each breakdown dimension (first-touch values): the filters' own map, since
 * every breakdown dimension is a session value (the type checks it).
 */
export const dimensionColumn: Record<FunnelDimension, string> = sessionValueColumns;

/**
 * What the filters keep of a path: whole sessions, those matching every session filter and, under a
 * page filter, those that viewed a matching page in the range; all their page views are read, since
 * steps need the whole path ('' unfiltered). On the rows of `alias` when given.
 */
export function sessionsKept(s: Scope, params: Params, alias = ''): string {
  return andAll(inMatchingSessions(s, params, alias), viewedMatchingPage(s, params, alias));
}

/** Greedy in-order matching over masks sorted by time: one step per page view. */
export const progressSql = (sorted: string) =>
  `list_reduce(list_transform(${sorted}, lambda x: x.m), lambda acc, m: CASE WHEN (m >> acc) & 1 = 1 THEN acc + 1 ELSE acc END, 0::BIGINT)`;

/**
 * Sessions reaching each step, from `ctes` ending in `per_session(property_id, session_key, seen
 * [, progress])`: each session's step bits (`seen`) and, in sequential mode, the steps it reached in
 * order (`progress`). Unbounded: a session reaches step k with bits 1..k. With a breakdown, per value
 * of the session's first touch (top `limit` by step-1 sessions) beside the whole funnel (value null).
 */
export async function sessionsReaching(
  db: Db,
  q: FunnelQuery,
  limit: number,
  ctes: string,
  params: Params,
): Promise<FunnelRow[]> {
  const dim = q.breakdownBy ? `s.${dimensionColumn[q.breakdownBy]}` : null;
  // A session with a page view in [start, end) started before `end` and ended at or after `start`:
  // the sessions scan keeps only those, so the join's table is the range's, not the whole history's.
  const sessions = `sessions s ON s.property_id = p.property_id AND s.session_key = p.session_key
    AND s.first_ts < $end::TIMESTAMP AND s.last_ts >= $start::TIMESTAMP`;
  const from = `WITH ${ctes} SELECT p.*${dim ? `, ${dim} AS value` : ''} FROM per_session p ${dim ? `LEFT JOIN ${sessions}` : ''}`;
  return reachingRows(db.all.bind(db), q, limit, from, dim ? 'value' : null, '1', params);
}

/**
 * The same figures from `ctes` ending in `per_group(seen, progress, n[, value])`: groups of `n`
 * sessions walking the same path (session-paths.ts), with the breakdown's value when there is one.
 */
export function pathsReaching(
  read: Reader,
  q: FunnelQuery,
  limit: number,
  ctes: string,
  params: Params,
): Promise<FunnelRow[]> {
  return reachingRows(
    read,
    q,
    limit,
    `WITH ${ctes} SELECT * FROM per_group`,
    q.breakdownBy ? 'value' : null,
    'n',
    params,
  );
}

/** Sessions (each row counting `weight`) reaching each step of `from`'s rows, per `dim` value beside the whole funnel. */
async function reachingRows(
  read: Reader,
  q: FunnelQuery,
  limit: number,
  from: string,
  dim: string | null,
  weight: string,
  params: Params,
): Promise<FunnelRow[]> {
  const sequential = q.mode === 'sequential';
  const reached = q.steps
    .map((_, i) => {
      const k = i + 1;
      const all = 2 ** k - 1;
      return `coalesce(sum(${weight}) FILTER (WHERE ${sequential ? `progress >= ${k}` : `seen & ${all} = ${all}`}), 0)::BIGINT AS r${k}`;
    })
    .join(', ');
  const rows = await read<Record<string, number | string | null> & { g: number; value: string | null }>(
    `SELECT ${dim ? `grouping_id(${dim})` : '1'} AS g, ${dim ?? 'NULL'} AS value, ${reached}
    FROM (${from}) p
    ${dim ? `GROUP BY GROUPING SETS ((${dim}), ()) QUALIFY g = 1 OR row_number() OVER (PARTITION BY g ORDER BY r1 DESC, ${dim}) <= ${Number(limit)}` : ''}`,
    params,
  );
  return rows
    .sort((a, b) => b.g - a.g || Number(b.r1) - Number(a.r1) || String(a.value).localeCompare(String(b.value)))
    .map((r) => ({
      value: r.g === 1 ? null : (r.value ?? 'unknown'),
      reached: q.steps.map((_, i) => Number(r[`r${i + 1}`] ?? 0)),
    }));
}

/** Our own integers as SQL text (path numbers and step bits the store computed; never input). */
export function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error('expected an integer');
  return String(n);
}

/** The paths of path numbers. */
export async function pathNames(db: Db, nos: Iterable<number>): Promise<Map<number, string>> {
  const list = [...new Set(nos)];
  if (list.length === 0) return new Map();
  const rows = await db.all<{ text: string; text_no: number }>(
    `SELECT text, text_no FROM text_numbers WHERE text_no IN (${list.map(int).join(', ')})`,
  );
  return new Map(rows.map((r) => [r.text_no, r.text]));
}
