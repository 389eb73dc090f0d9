import type { PageRow, Scope, SegmentRow, Store } from '../store.js';
import type { Database, Params } from './database.js';
import { byCountsThenValues, scopeFilter } from './sql-fragments.js';

type Db = Pick<Database, 'all'>;

/**
 * Page figures for the pages in `pagesSql` (a query yielding `path`): scroll depth is the mean over
 * (session, page) of the deepest scroll reported, bounce rate is over the sessions that entered there.
 */
function pageFiguresSql(pagesSql: string, eventsWhere: string, sessionsWhere: string): string {
  return `
  WITH pv AS (${pagesSql}),
  depth AS (
    -- A DECIMAL sum is exact, so the answer doesn't depend on the order parallel threads add in.
    SELECT path, avg(deepest::DECIMAL(18, 9))::DOUBLE AS avg_scroll_depth FROM (
      SELECT path, session_key, max(scroll_depth) AS deepest FROM events
      WHERE ${eventsWhere} AND type = 'engagement' AND NOT is_bot AND path IN (SELECT path FROM pv)
      GROUP BY path, session_key)
    GROUP BY path),
  entered AS (
    SELECT entry_path AS path, count(*) AS entries, count(*) FILTER (WHERE pageviews = 1) AS bounces FROM sessions
    WHERE ${sessionsWhere} AND NOT is_bot AND entry_path IN (SELECT path FROM pv)
    GROUP BY entry_path)
  SELECT pv.path, pv.page_views, pv.unique_visitors, coalesce(depth.avg_scroll_depth, 0) AS avg_scroll_depth,
    CASE WHEN coalesce(entries, 0) = 0 THEN 0 ELSE bounces / entries END AS bounce_rate
  FROM pv LEFT JOIN depth USING (path) LEFT JOIN entered USING (path)
  ORDER BY pv.page_views DESC, pv.path`;
}

function filters(s: Scope): { ev: string; se: string; params: Params } {
  const ev = scopeFilter(s, 'ts');
  const se = scopeFilter(s, 'first_pv_ts');
  return { ev: ev.where, se: se.where, params: ev.params };
}

export async function pages(db: Db, s: Scope, limit: number): Promise<PageRow[]> {
  const f = filters(s);
  const top = `SELECT path, count(*) AS page_views, count(DISTINCT visitor_key) AS unique_visitors FROM events
    WHERE ${f.ev} AND type = 'pageview' AND NOT is_bot GROUP BY path ORDER BY page_views DESC, path LIMIT ${Number(limit)}`;
  return db.all<PageRow>(pageFiguresSql(top, f.ev, f.se), f.params);
}

export async function pageDetails(db: Db, s: Scope, page: string, limit: number): ReturnType<Store['pageDetails']> {
  const f = filters(s);
  const params = { ...f.params, page };
  const one = `SELECT path, count(*) AS page_views, count(DISTINCT visitor_key) AS unique_visitors FROM events
    WHERE ${f.ev} AND type = 'pageview' AND NOT is_bot AND path = $page GROUP BY path`;
  // Two independent reads, run side by side on two reader connections.
  // The page's views carry their session's first-touch attribution (UTM arrives only on landing).
  type BreakdownRow = { g: number; utm_source: string | null; utm_medium: string | null; utm_campaign: string | null; country: string | null; device: string | null; page_views: number };
  const [[totals], rows] = await Promise.all([
    db.all<PageRow>(pageFiguresSql(one, f.ev, f.se), params),
    db.all<BreakdownRow>(
      `SELECT grouping_id(s.utm_source, s.utm_medium, s.utm_campaign, s.country, s.device) AS g,
         s.utm_source, s.utm_medium, s.utm_campaign, s.country, s.device, count(*) AS page_views
       FROM events e JOIN sessions s ON s.property_id = e.property_id AND s.session_key = e.session_key
         -- Implied by the view being in range; lets the sessions scan skip the rest of the history.
         AND s.first_ts < $end::TIMESTAMP AND s.last_ts >= $start::TIMESTAMP
       WHERE ${scopeFilter(s, 'ts', 'e').where} AND e.type = 'pageview' AND NOT e.is_bot AND e.path = $page
       GROUP BY GROUPING SETS ((s.utm_source, s.utm_medium, s.utm_campaign), (s.country), (s.device))
       QUALIFY row_number() OVER (PARTITION BY g ORDER BY page_views DESC, s.utm_source, s.utm_medium, s.utm_campaign, s.country, s.device) <= ${Number(limit)}`,
      params,
    ),
  ]);
  const out: (SegmentRow & { dimension: 'utm' | 'country' | 'device' })[] = rows.map((r) => {
    const counts = { sessions: 0, page_views: r.page_views };
    if (r.g === 0b00011) return { dimension: 'utm', values: [r.utm_source, r.utm_medium, r.utm_campaign], ...counts };
    if (r.g === 0b11101) return { dimension: 'country', values: [r.country], ...counts };
    return { dimension: 'device', values: [r.device], ...counts };
  });
  out.sort(byCountsThenValues((r) => [r.page_views], (r) => r.values));
  const { path: _path, ...figures } = totals ?? { path: page, page_views: 0, unique_visitors: 0, avg_scroll_depth: 0, bounce_rate: 0 };
  return { totals: figures, rows: out };
}
