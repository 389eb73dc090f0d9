import type { Scope } from '../store.js';
import type { Database, Params, Reader } from './database.js';
import { andAll, goalsPredicate, inMatchingSessions, numberedRows, sessionPredicate } from './filter-scope.js';
import { sessionsByTouchNumbers } from './session-value-filter.js';
import { scopeFilter } from './sql-fragments.js';
import { pageFilters } from '../filter-sql.js';
import { viewWindows } from './view-windows.js';
import { visitorBits } from './visitor-sets.js';

/**
 * Page views of the range under session filters only (no `page` filter), read from the matching
 * sessions' rows instead of joining every page view of the range to them. At 10M events a country
 * filter joined 4.3M views to 700k sessions for the summary. (The trend reads the views by their
 * first-touch numbers instead: traffic-queries.ts.) The views of a few pages
 * (the clicks and forms reports' rates) are those pages' rows, tested by their sessions' numbers.
 *
 * A session `known` here brings its page views from its own row: its views all lie in the range and
 * either it has no bot event (then `pageviews` counts exactly its views) or its numbered path is empty
 * (pattern 0: no view but bots'). Only the others (crossing the range's start or end, a bot's session
 * with views of a person) have their views in the range
 * read, between bounds read in the same snapshot. Bots' sessions with no view are known: spread over
 * the whole range, they used to make the read of "the others" a scan of the range.
 */
/** Filters set and none on `page`: what the reads below answer (a page filter keeps views, not sessions). */
export function sessionFiltersOnly(s: Scope): boolean {
  return (s.filters?.length ?? 0) > 0 && pageFilters(s.filters).length === 0;
}

const inside = 'x.first_pv_ts >= $start::TIMESTAMP AND x.last_pv_ts < $end::TIMESTAMP';
// IS NOT DISTINCT FROM: a bot's session not numbered yet is not known (a NULL here would drop it from both sides).
const withoutBotViews = '(NOT x.is_bot OR x.pattern_no IS NOT DISTINCT FROM 0)';
/** Known by their row: their count and visitor. */
const knownCount = `${inside} AND ${withoutBotViews}`;
/** A known session's views (a bot's session is known only when it has none). */
const ownViews = 'CASE WHEN x.is_bot THEN 0 ELSE x.pageviews END';

interface Reads {
  /** The sessions with a view in the range that match the filters, as `x` (a FROM and a WHERE). */
  matchingRows: string;
  /** The matching sessions not `known`, joined to their views in the range (`v`), or null when none. */
  othersViews: ((columns: string) => string) | null;
  params: Params;
}

/** The scope's properties on a row of `alias`, bound as scopeFilter binds them ($p0…). */
function propertiesOn(s: Scope, alias: string): string {
  const where = scopeFilter(s, 'ts', alias).where;
  return where.slice(0, where.indexOf(` AND ${alias}.ts >=`));
}

/** The fragments a read shares, with the bounds of the others' views read in `read`'s snapshot. */
async function sessionReads(read: Reader, s: Scope, known: string): Promise<Reads> {
  const params: Params = { ...scopeFilter(s, 'first_pv_ts').params };
  const touching = `${propertiesOn(s, 'x')} AND x.first_pv_ts < $end::TIMESTAMP AND x.last_pv_ts >= $start::TIMESTAMP`;
  // Unfiltered, so the bounds hold for any filter.
  const windows = await viewWindows(read, `${touching} AND NOT (${known})`, { ...params }, params, 'v.ts');
  const byNumbers = await sessionsByTouchNumbers(read, s, touching, scopeFilter(s, 'first_pv_ts').params, params);
  // Each built only when used: the filters' values are bound as it is, and a statement must use
  // every parameter. The few others are found by their texts: their scan is cut to a few row groups.
  const matching = () => `${touching}${andAll(sessionPredicate(s, params, 'x'))}`;
  const matchingRows = byNumbers
    ? `${byNumbers} x WHERE true${andAll(goalsPredicate(s, params, 'x'))}`
    : `sessions x WHERE ${matching()}`;
  const others = windows.views.length === 0 ? null : `${matching()} AND NOT (${known}) AND ${windows.sessions}`;
  const key = s.propertyIds.length === 1 ? 'session_key' : 'property_id, session_key';
  return {
    matchingRows,
    othersViews:
      others === null
        ? null
        : (columns) => `SELECT ${columns} FROM compact_page_views v
          JOIN (SELECT x.property_id, x.session_key FROM sessions x WHERE ${others}) o USING (${key})
          WHERE ${propertiesOn(s, 'v')} AND (${windows.views.join(' OR ')}) GROUP BY ALL`,
    params,
  };
}

/**
 * The traffic summary's figures in sessions matching the session filters, in one pass over the
 * touching sessions: page views and distinct visitors as above, and the sessions that began in the
 * range (not bots'), their bounces and duration (a second scan of the sessions before). Visitors are
 * a bitstring of visitor numbers (session-visitor-numbers.ts) over every number given so far: one
 * set, so its size (a bit per visitor of the store) costs little even at 100M events.
 */
export async function summaryOfMatchingSessions(
  db: Pick<Database, 'snapshot'>,
  s: Scope,
): Promise<{ page_views: number; unique_visitors: number; sessions: number; bounces: number; duration: number }> {
  return db.snapshot(async (read) => {
    const r = await sessionReads(read, s, knownCount);
    const [last] = await read<{ hi: number | null }>('SELECT max(visitor_no) AS hi FROM visitor_numbers');
    const visitors = visitorBits({ lo: 1, hi: Number(last.hi ?? 1) }, 'views > 0');
    const [row] = await read<{
      page_views: number | null;
      unique_visitors: number | null;
      sessions: number;
      bounces: number;
      duration: number | null;
    }>(
      `SELECT sum(views)::BIGINT AS page_views,
         bit_count(${visitors})::BIGINT AS unique_visitors,
         count(*) FILTER (WHERE starts) AS sessions, count(*) FILTER (WHERE starts AND pageviews = 1) AS bounces,
         sum(duration) FILTER (WHERE starts) / 1000.0 AS duration
       FROM (
         SELECT x.visitor_no, CASE WHEN ${knownCount} THEN ${ownViews} ELSE 0 END AS views,
           x.first_pv_ts >= $start::TIMESTAMP AND NOT x.is_bot AS starts, x.pageviews,
           epoch_ms(x.last_ts) - epoch_ms(x.first_ts) AS duration
         FROM ${r.matchingRows}
         ${r.othersViews ? `UNION ALL ${r.othersViews('v.visitor_no, count(*), false, NULL, NULL')}` : ''})`,
      r.params,
    );
    return {
      page_views: Number(row.page_views ?? 0),
      unique_visitors: Number(row.unique_visitors ?? 0),
      sessions: Number(row.sessions),
      bounces: Number(row.bounces),
      duration: Number(row.duration ?? 0),
    };
  });
}

/**
 * Page views of the pages numbered `pathNos` in sessions matching the session filters, for the rates
 * of the clicks and forms reports' rows: those pages' rows tested by their sessions' first-touch
 * numbers (touch-numbers.ts). Reading every matching session's numbered path instead cost 106 ms of
 * CPU at 10M events under a referrer filter, whatever the few pages asked for.
 */
export async function pageViewsInMatchingSessions(
  db: Pick<Database, 'all'>,
  s: Scope,
  pathNos: number[],
): Promise<Map<number, number>> {
  if (pathNos.length === 0) return new Map();
  if (!pathNos.every(Number.isInteger)) throw new Error('path numbers must be integers');
  const numbered = await numberedRows(db, s, 'compact_page_views');
  const { where, params } = scopeFilter(s, 'ts', 'v');
  const rows = await db.all<{ path_no: number; page_views: number }>(
    `SELECT v.path_no, count(*) AS page_views FROM compact_page_views v
     JOIN (SELECT unnest([${pathNos.join(', ')}]::UINTEGER[]) AS path_no) asked USING (path_no)
     WHERE ${where}${andAll(inMatchingSessions(s, params, 'v', numbered))} GROUP BY path_no`,
    params,
  );
  return new Map(rows.map((row) => [row.path_no, Number(row.page_views)]));
}
