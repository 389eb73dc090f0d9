import { byCountsThenValues } from '../ranked-rows.js';
import type { PageRow, Scope, SegmentRow, Store } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import {
  allOf,
  andAll,
  filteredSettings,
  goalsPredicate,
  inMatchingSessions,
  mergedSessionFilters,
  pagePredicate,
  sessionPredicate,
} from './filter-scope.js';
import { firstValueSql } from './session-partials.js';
import { sessionsInScope } from './sessions-sql.js';
import { scopeParams, scopeWhere, TS } from './sql-fragments.js';

interface RankedPage {
  path: string;
  page_views: number;
  unique_visitors: number;
}
/** Sessions that entered on a page (their first page view in the scope) and those of them with one page view. */
interface Entries {
  entries: number;
  bounces: number;
}
type DetailRow = SegmentRow & { dimension: 'utm' | 'country' | 'device' };

/** A type's non-bot events in the scope: the key's (property, day, type) prefix, so only that type's granules are read. */
const eventsOf = (type: 'pageview' | 'engagement') => `${scopeWhere('ts')} AND type = '${type}' AND NOT is_bot`;

/** What the filters keep of the scope's events: those on matching pages, in matching sessions ('' unfiltered). */
function eventsKept(s: Scope, params: ChParams): string {
  return andAll(pagePredicate(s.filters, 'path', params), inMatchingSessions(s, params));
}

/**
 * Page views and distinct visitors per page, ranked (views descending, then path), in one scan of the
 * range's page views. `only`: that page alone.
 */
async function rankedPages(db: ChDb, s: Scope, limit: number, only?: string): Promise<RankedPage[]> {
  const params = scopeParams(s);
  const rows = await db.all<RankedPage>(
    `SELECT path, count() AS page_views, uniqExact(visitor_key) AS unique_visitors FROM events
     WHERE ${eventsOf('pageview')}${only === undefined ? '' : ' AND path = {only:String}'}${eventsKept(s, params)}
     GROUP BY path ORDER BY page_views DESC, path LIMIT {limit:UInt32}${filteredSettings(s.filters)}`,
    { ...params, limit, ...(only === undefined ? {} : { only }) },
  );
  return rows.map((r) => ({
    path: r.path,
    page_views: Number(r.page_views),
    unique_visitors: Number(r.unique_visitors),
  }));
}

/**
 * Mean scroll depth per page: over (session, page), of the deepest scroll reported, as the embedded
 * store keys it (session and page, not property). As there, each depth is rounded to 9 decimals and
 * summed as an integer, so the sum is exact and the mean does not depend on the order threads add
 * in; the one division is a double's (the embedded store divides in long double, which can differ
 * in the last bit).
 */
async function depths(db: ChDb, s: Scope, paths: string[]): Promise<Map<string, number>> {
  const params = scopeParams(s);
  const rows = await db.all<{ path: string; avg_scroll_depth: number }>(
    `SELECT path, sum(toInt64(roundBankers(deepest * 1e9))) / (count() * 1e9) AS avg_scroll_depth FROM (
       SELECT path, max(scroll_depth) AS deepest FROM events
       WHERE ${eventsOf('engagement')} AND path IN {paths:Array(String)}${eventsKept(s, params)}
       GROUP BY path, session_key)
     WHERE deepest IS NOT NULL GROUP BY path${filteredSettings(s.filters)}`,
    { ...params, paths },
  );
  return new Map(rows.map((r) => [r.path, Number(r.avg_scroll_depth)]));
}

/**
 * The sessions in the scope that entered on each of `paths`, and how many of them bounced. Of the
 * filters only the session ones apply: `paths` are pages the `page` filters keep, and a session that
 * entered on one in the range viewed a matching page in it, as a `page` filter asks of sessions.
 */
async function entriesOn(db: ChDb, s: Scope, paths: string[]): Promise<Map<string, Entries>> {
  const params = scopeParams(s);
  const rows = await db.all<{ path: string; entries: number; bounces: number }>(
    `SELECT entry_path AS path, count() AS entries, countIf(pageviews = 1) AS bounces FROM ${sessionsInScope(sessionPredicate(s, params))} AS x
     WHERE entry_path IN {paths:Array(String)} GROUP BY entry_path${filteredSettings(s.filters)}`,
    { ...params, paths },
  );
  return new Map(rows.map((r) => [r.path, { entries: Number(r.entries), bounces: Number(r.bounces) }]));
}

function pageRow(r: RankedPage, depth: Map<string, number>, entries: Map<string, Entries>): PageRow {
  const e = entries.get(r.path);
  // Null without a base (no scroll reported; no session entered there), as the embedded store.
  return {
    ...r,
    avg_scroll_depth: depth.get(r.path) ?? null,
    bounce_rate: e && e.entries > 0 ? e.bounces / e.entries : null,
  };
}

/** The ranked pages, then their scroll depth and bounce rate, two reads side by side (engagements; session partials). */
export async function pages(db: ChDb, s: Scope, limit: number): Promise<PageRow[]> {
  const ranked = await rankedPages(db, s, limit);
  if (ranked.length === 0) return [];
  const paths = ranked.map((r) => r.path);
  const [depth, entries] = await Promise.all([depths(db, s, paths), entriesOn(db, s, paths)]);
  return ranked.map((r) => pageRow(r, depth, entries));
}

const dimensions = {
  utm: 's.utm_source, s.utm_medium, s.utm_campaign',
  country: `s.country, NULL, NULL`,
  device: `s.device, NULL, NULL`,
};

/**
 * The page's views in the scope by their session's first touch (UTM, country, device: what the
 * session's first page view carried), the top `limit` of each dimension (views descending, then
 * values, nulls last), and the page's entries and bounces, in one query: the sessions that entered
 * on the page in the scope are among those with a view of it there (their first page view), so the
 * same merge of session partials gives both, and the whole sessions merge that `pages` needs for
 * bounce rate is not repeated. Partials are read from the day before the range to the day after, as
 * sessionsInScope reads them. Entry rows are the `entry` dimension: 'bounced' or 'stayed', or NULL
 * for views of sessions that entered elsewhere; `LIMIT … BY` keeps each of them.
 */
async function breakdownAndEntries(
  db: ChDb,
  s: Scope,
  page: string,
  limit: number,
): Promise<{ rows: DetailRow[]; entries: Entries }> {
  const params = scopeParams(s);
  // Filters: the sessions' own values in their merge, the `page` filters on the page's views (a page
  // they don't keep has none); every session with one of its views in the range viewed a matching page.
  const merged = mergedSessionFilters(s.filters, params);
  const sessionsMatch = { columns: merged.columns, where: allOf(merged.where, goalsPredicate(s, params)) };
  const entered = `s.first_pv >= {start:${TS}} AND s.first_pv < {end:${TS}} AND s.bot = 0 AND s.entry_path_ = {page:String}`;
  const rows = await db.all<{
    dimension: DetailRow['dimension'] | 'entry';
    v1: string | null;
    v2: string | null;
    v3: string | null;
    page_views: number;
    sessions: number;
  }>(
    `SELECT d.1 AS dimension, d.2 AS v1, d.3 AS v2, d.4 AS v3, sum(v.n) AS page_views, count() AS sessions
     FROM (${sessionsMatch.where ? 'SELECT * FROM (' : ''}
       SELECT property_id, session_key, ${firstValueSql('entry_path')} AS entry_path_, ${firstValueSql('entry_utm_source')} AS utm_source,
         ${firstValueSql('entry_utm_medium')} AS utm_medium, ${firstValueSql('entry_utm_campaign')} AS utm_campaign,
         ${firstValueSql('entry_country')} AS country, ${firstValueSql('entry_device')} AS device,
         min(first_pv_ts) AS first_pv, sum(pageviews) AS pvs, max(is_bot) AS bot${sessionsMatch.columns ? `, ${sessionsMatch.columns}` : ''}
       FROM sessions
       WHERE property_id IN {props:Array(String)} AND start_day >= toDate({start:${TS}}) - 1 AND start_day <= toDate({end:${TS}}) + 1
       GROUP BY property_id, session_key${sessionsMatch.where ? `) WHERE ${sessionsMatch.where}` : ''}) AS s
     -- Inner, as in the embedded store; the page's views (the smaller side) are the join's hash table.
     JOIN (SELECT property_id, session_key, count() AS n FROM events WHERE ${eventsOf('pageview')} AND path = {page:String}${andAll(pagePredicate(s.filters, 'path', params))}
           GROUP BY property_id, session_key) AS v ON s.property_id = v.property_id AND s.session_key = v.session_key
     ARRAY JOIN [
       tuple('utm', ${dimensions.utm}), tuple('country', ${dimensions.country}), tuple('device', ${dimensions.device}),
       tuple('entry', if(${entered}, if(s.pvs = 1, 'bounced', 'stayed'), NULL), NULL, NULL)] AS d
     GROUP BY dimension, v1, v2, v3
     ORDER BY dimension, page_views DESC, v1, v2, v3
     LIMIT {limit:UInt32} BY dimension, if(dimension = 'entry', v1, NULL)${filteredSettings(s.filters)}`,
    { ...params, page, limit },
  );
  const entries = { entries: 0, bounces: 0 };
  const out: DetailRow[] = [];
  for (const r of rows) {
    const counts = { sessions: 0, page_views: Number(r.page_views) };
    if (r.dimension === 'entry') {
      if (r.v1 !== null) entries.entries += Number(r.sessions);
      if (r.v1 === 'bounced') entries.bounces += Number(r.sessions);
    } else if (r.dimension === 'utm') out.push({ dimension: 'utm', values: [r.v1, r.v2, r.v3], ...counts });
    else out.push({ dimension: r.dimension, values: [r.v1], ...counts });
  }
  // Across dimensions: views, then values (nulls last), then dimension name, as the embedded store orders them.
  const ranked = byCountsThenValues<DetailRow>(
    (r) => [r.page_views],
    (r) => r.values,
  );
  out.sort((a, b) => ranked(a, b) || (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : 0));
  return { rows: out, entries };
}

/** The page's figures and breakdown: three reads side by side (its views; its engagements; its sessions with its views). */
export async function pageDetails(db: ChDb, s: Scope, page: string, limit: number): ReturnType<Store['pageDetails']> {
  const [[ranked], depth, { rows, entries }] = await Promise.all([
    rankedPages(db, s, 1, page),
    depths(db, s, [page]),
    breakdownAndEntries(db, s, page, limit),
  ]);
  if (!ranked)
    return { totals: { page_views: 0, unique_visitors: 0, avg_scroll_depth: null, bounce_rate: null }, rows };
  const { path: _path, ...totals } = pageRow(ranked, depth, new Map([[page, entries]]));
  return { totals, rows };
}

/** Pages and page details on ClickHouse. */
export function pageQueries(db: ChDb): Pick<Store, 'pages' | 'pageDetails'> {
  return {
    pages: (s, limit) => pages(db, s, limit),
    pageDetails: (s, page, limit) => pageDetails(db, s, page, limit),
  };
}
