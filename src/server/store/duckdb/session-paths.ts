import type { Scope } from '../store.js';
import { query, type Database, type Params, type Reader } from './database.js';
import { pageTextPredicate, sessionPredicate } from './filter-scope.js';
import { scopeFilter } from './sql-fragments.js';
import { viewWindows } from './view-windows.js';
import { indexNewPatternPagesSql } from './pattern-pages.js';
import { addSessionTuplesSql, arrivalColumns, clientColumns, tupleNumbersJoin } from './session-tuples.js';

/**
 * Each session's page views as a path, kept between requests, for the reports that regroup the range's
 * page views by session (funnels, the sankey, what follows a page). Grouping 4.3M views into 1.8M
 * sessions cost 400 ms of CPU at 10M events before any funnel logic; those sessions walk only 145k
 * distinct paths. So a session's path is a number (`sessions.pattern_no`) in a dictionary of paths
 * (`path_patterns`), set in the background, and a report groups sessions by that integer, then works
 * on the few distinct paths, weighted by their sessions (docs/store-design.md).
 *
 * A path is the session's page views without bots, ordered by (instant, path number), identical views
 * (same instant and page) once, each with the rank of its instant (`instants`: views at one instant
 * share it, since funnels take those in step order). Pattern 0 is a session without such views.
 * A write to a session clears its number (merge-sessions.ts); sessions without one, and sessions
 * whose views reach outside the asked range, are read from `compact_page_views` as before, so every
 * answer is exact whatever the background pass has done.
 */
export const sessionPathsSchemaSql = `
CREATE SEQUENCE IF NOT EXISTS path_pattern_seq START 1;
CREATE TABLE IF NOT EXISTS path_patterns (
  pattern_no UINTEGER NOT NULL,
  pattern_hash UBIGINT NOT NULL,
  views UINTEGER[] NOT NULL,
  instants UINTEGER[] NOT NULL
);`;

/**
 * Per session of `views` (rows of property_id, session_key, ts, path_no): its path and the ranks of
 * its instants (see above). Sorting {instant rank, path} structs orders by instant, then path number.
 */
export function pathsOf(views: string): string {
  return `SELECT property_id, session_key, list_transform(s, lambda x: x.p) AS views, list_transform(s, lambda x: x.i) AS instants
  FROM (
    SELECT property_id, session_key, list_sort(list({'i': i, 'p': path_no})) AS s
    FROM (SELECT property_id, session_key, path_no, dense_rank() OVER (PARTITION BY property_id, session_key ORDER BY ts)::UINTEGER AS i
      FROM (SELECT DISTINCT property_id, session_key, ts, path_no FROM (${views})))
    GROUP BY property_id, session_key)`;
}

/** Sessions numbered per background pass: bounded, so a first pass over a large store is many short transactions. */
const PASS_SESSIONS = 250_000;

const samePattern = (a: string, b: string) =>
  `${a}.pattern_hash = hash(${b}.views, ${b}.instants) AND ${a}.views = ${b}.views AND ${a}.instants = ${b}.instants`;

/**
 * Numbers the paths of up to PASS_SESSIONS sessions that have none; returns how many it numbered, so
 * the caller repeats while that is the whole batch. Runs on the writer, inside a transaction.
 */
export async function numberSessionPaths(conn: Parameters<typeof query>[0]): Promise<number> {
  const texts = [...arrivalColumns, ...clientColumns];
  await conn.run(`CREATE TEMP TABLE IF NOT EXISTS session_todo (rid BIGINT, property_id VARCHAR, session_key UBIGINT, first_pv_ts TIMESTAMP, last_pv_ts TIMESTAMP, ${texts.map((c) => `${c} VARCHAR`).join(', ')});
    CREATE TEMP TABLE IF NOT EXISTS pattern_paths (property_id VARCHAR, session_key UBIGINT, views UINTEGER[], instants UINTEGER[]);
    DELETE FROM session_todo; DELETE FROM pattern_paths;
    INSERT INTO session_todo SELECT rowid, property_id, session_key, first_pv_ts, last_pv_ts, ${texts.join(', ')} FROM sessions WHERE arrival_no IS NULL LIMIT ${PASS_SESSIONS};`);
  const [todo] = await query(
    conn,
    'SELECT count(*)::INTEGER AS n, min(first_pv_ts)::VARCHAR AS lo, max(last_pv_ts)::VARCHAR AS hi FROM session_todo',
  );
  const n = Number(todo.n);
  if (n === 0) return 0;
  if (todo.lo !== null) {
    // The views of those sessions lie between their first and last page view: a range the compact
    // table's zone maps cut down to the few row groups written since the last pass.
    await query(
      conn,
      `INSERT INTO pattern_paths ${pathsOf(`SELECT v.property_id, v.session_key, v.ts, v.path_no FROM compact_page_views v
        SEMI JOIN session_todo t ON t.session_key = v.session_key AND t.property_id = v.property_id
        WHERE v.ts >= $lo::TIMESTAMP AND v.ts <= $hi::TIMESTAMP`)}`,
      { lo: String(todo.lo), hi: String(todo.hi) },
    );
    await conn.run(`INSERT INTO path_patterns
      SELECT nextval('path_pattern_seq'), h, views, instants
      FROM (SELECT DISTINCT hash(views, instants) AS h, views, instants FROM pattern_paths) n
      WHERE NOT EXISTS (SELECT 1 FROM path_patterns p WHERE ${samePattern('p', 'n')});
      ${indexNewPatternPagesSql}`);
  }
  await conn.run(addSessionTuplesSql('session_todo'));
  await conn.run(`UPDATE sessions SET pattern_no = m.pattern_no, arrival_no = m.arrival_no, client_no = m.client_no
    FROM (SELECT t.rid, coalesce(p.pattern_no, 0) AS pattern_no, a.arrival_no, c.client_no FROM session_todo t
      ${tupleNumbersJoin}
      LEFT JOIN pattern_paths l ON l.session_key = t.session_key AND l.property_id = t.property_id
      LEFT JOIN path_patterns p ON ${samePattern('p', 'l')}) m
    WHERE sessions.rowid = m.rid`);
  return n;
}

/** Numbers every session's path, a bounded transaction at a time, each queued like any write. */
export async function numberAllSessionPaths(db: Database): Promise<void> {
  while ((await db.transaction((conn) => numberSessionPaths(conn))) === PASS_SESSIONS);
}

/** A session's page views lie inside the range: its path can be read from its number. */
const inside = `first_pv_ts >= $start::TIMESTAMP AND last_pv_ts < $end::TIMESTAMP`;
const numbered = `pattern_no IS NOT NULL AND ${inside}`;

/**
 * CTEs ending in `paths(views, instants, n[, value])`: the kept sessions' paths over their page views
 * in the scope's range, `n` the sessions walking each (`value`: the sessions column `valueColumn`, for
 * breakdowns). Kept: sessions matching the session filters and, under a page filter, those that
 * viewed a matching page in the range (docs/decisions.md "Filters"). Binds into `params`. `read`
 * must be a snapshot's (Database.snapshot): the CTEs hold bounds read from it.
 */
export async function sessionPathsCtes(read: Reader, s: Scope, params: Params, valueColumn?: string): Promise<string> {
  const scope = scopeFilter(s, 'first_pv_ts');
  Object.assign(params, scope.params);
  const props = scope.where.slice(0, scope.where.indexOf(' AND first_pv_ts'));
  const touching = `${props} AND first_pv_ts < $end::TIMESTAMP AND last_pv_ts >= $start::TIMESTAMP`;
  // Where the views of the sessions read as views lie: from the range's start to the last view of
  // those that began before it, and from the first view of the others (those crossing the end, not
  // numbered yet, or written since) to the end. Unfiltered, so the bounds hold for any filter.
  const windows = await viewWindows(read, `${touching} AND NOT (${numbered})`, scope.params, params, 'ts');
  const kept = sessionPredicate(s, params);
  const v = valueColumn ? ', value' : '';
  const key = s.propertyIds.length === 1 ? 'session_key' : 'property_id, session_key';
  const pages = pageTextPredicate(s.filters, 'text', params);
  const raw =
    windows.views.length === 0
      ? ''
      : `,
    raw_paths AS (${pathsOf(`SELECT property_id, session_key, ts, path_no FROM compact_page_views
      WHERE ${props} AND (${windows.views.join(' OR ')}) AND (${key}) IN (SELECT ${key} FROM by_views)`)})`;
  // Two scans of the range's sessions rather than one shared (materialized) one: the table's own
  // scan keeps the column statistics, and the grouping by path number is several times cheaper.
  const sessions = `FROM sessions WHERE ${touching}${kept ? ` AND ${kept}` : ''}`;
  const valueAs = valueColumn ? `, ${valueColumn} AS value` : '';
  return `by_number AS (SELECT pattern_no${valueAs}, count(*) AS n ${sessions} AND ${numbered} GROUP BY ALL),
    by_views AS (SELECT property_id, session_key${valueAs} ${sessions} AND NOT (${numbered}) AND ${windows.sessions})${raw},
    all_paths AS (
      SELECT p.views, p.instants, b.n${v ? ', b.value' : ''} FROM by_number b JOIN path_patterns p USING (pattern_no)
      ${raw ? `UNION ALL SELECT r.views, r.instants, 1 AS n${v ? ', w.value' : ''} FROM raw_paths r JOIN by_views w USING (${key})` : ''}),
    ${pages ? `page_nos AS (SELECT list(text_no) AS nos FROM text_numbers WHERE ${pages}),` : ''}
    paths AS (SELECT * FROM all_paths${pages ? ' WHERE list_has_any(views, (SELECT nos FROM page_nos))' : ''})`;
}
