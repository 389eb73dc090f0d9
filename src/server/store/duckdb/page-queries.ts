import type { PageRow, Scope, SegmentRow, Store } from '../store.js';
import type { Database } from './database.js';
import { byCountsThenValues, scopeFilter } from './sql-fragments.js';
import { allFlagged, repeatKeys, splitByRepeats } from './repeat-flags.js';
import { distinctVisitorsSql } from './visitor-sets.js';
import { billionths, depthSumsSql, meanDepth } from './engagement-hours.js';
import {
  andAll,
  inMatchingSessions,
  keepsByPageAndTouch,
  numberedRows,
  pageNumberCondition,
  sessionPredicate,
} from './filter-scope.js';
import { rankedByLinksSql } from './page-visitor-links.js';
import type { Params } from './database.js';

type Db = Pick<Database, 'all'>;

/** `unique_visitors` when the ranking counted them already (filtered, or of one property: see rankedPages). */
interface RankedPage {
  path_no: number;
  path: string;
  page_views: number;
  lo: number;
  hi: number;
  unique_visitors?: number;
}

/** Our own path numbers as a SQL list (integers the store just read, checked, never input). */
function numberList(nos: number[]): string {
  if (!nos.every(Number.isInteger)) throw new Error('path numbers must be integers');
  return `(${nos.join(', ')})`;
}

/**
 * A join keeping the rows of those path numbers: `path_no IN (…)` tested each row against the list
 * (about 20 ns a row); a join with the list as its small side cost half (10 pages over 4.3M views).
 */
function ofPaths(nos: number[]): string {
  return `JOIN (SELECT unnest([${numberList(nos).slice(1, -1)}]::UINTEGER[]) AS path_no) ranked USING (path_no)`;
}

/**
 * Distinct visitors, scroll depth and bounce rate of the ranked pages, three independent reads side by
 * side on the reader connections. Scroll depth is the mean over (session, page) of the deepest scroll
 * reported; bounce rate is over the sessions that entered on the page. Either is null without a base
 * (no scroll reported; no session entered there).
 */
async function pageFigures(db: Db, s: Scope, ranked: RankedPage[]): Promise<PageRow[]> {
  if (ranked.length === 0) return [];
  const ev = scopeFilter(s, 'ts');
  const se = scopeFilter(s, 'first_pv_ts');
  const pagesJoin = ofPaths(ranked.map((r) => r.path_no));
  // Flags are checked over the pages' rows unfiltered: all of those flagged, the filtered ones are too.
  const allEngaged = {
    sql: `SELECT path_no, session_key, scroll_depth, repeated FROM compact_engagements ${pagesJoin} WHERE ${ev.where}`,
    params: { ...ev.params },
  };
  // The ranked pages are matching ones already; session filters keep their views, scrolls and entries
  // in matching sessions only.
  // Each table's rows by their own first-touch numbers, so each read binds its own parameters.
  const [views, engagements] = await Promise.all([
    numberedRows(db, s, 'compact_page_views'),
    numberedRows(db, s, 'compact_engagements'),
  ]);
  const viewParams = { ...ev.params };
  const viewsInSessions = andAll(inMatchingSessions(s, viewParams, '', views));
  const engagedParams = { ...ev.params };
  const engagedInSessions = andAll(inMatchingSessions(s, engagedParams, '', engagements));
  const entered = andAll(sessionPredicate(s, se.params));
  const bounds = { lo: Math.min(...ranked.map((r) => r.lo)), hi: Math.max(...ranked.map((r) => r.hi)) };
  const engagedRows = `${allEngaged.sql}${engagedInSessions}`;
  const depthSql = async () => {
    const settled = await allFlagged(db, repeatKeys.pageDepths, allEngaged.sql, allEngaged.params);
    // No session filter and every row flagged: the single rows' depths from the hourly sums (engagement-hours.ts).
    if (settled && engagedInSessions === '') {
      const inScope = `property_id IN (${s.propertyIds.map((_, i) => `$p${i}`).join(', ')})`;
      return `WITH pairs AS (
           SELECT path_no, max(scroll_depth) AS deepest, count(scroll_depth) AS n, sum(${billionths('scroll_depth')}) AS b
           FROM compact_engagements ${pagesJoin} WHERE ${ev.where} AND repeated GROUP BY path_no, session_key)
         SELECT path_no, sum(depths)::HUGEINT AS depths, sum(depth_sum)::HUGEINT AS depth_sum FROM (
           ${depthSumsSql(s, inScope, pagesJoin, engagedParams)}
           -- a repeated pair counts once, at its deepest, instead of once per row in the sums above
           UNION ALL SELECT path_no, count(deepest) - coalesce(sum(n), 0), coalesce(sum(${billionths('deepest')}), 0) - coalesce(sum(b), 0)
           FROM pairs GROUP BY path_no)
         GROUP BY path_no`;
    }
    // Summed in billionths, exact in whatever order the threads add (meanDepth divides).
    const engaged = splitByRepeats(repeatKeys.pageDepths, engagedRows, settled);
    return `${engaged.with ? `WITH ${engaged.with}` : ''}
       SELECT path_no, count(deepest) AS depths, sum(${billionths('deepest')})::HUGEINT AS depth_sum FROM (
         SELECT path_no, scroll_depth AS deepest FROM ${engaged.single}
         UNION ALL SELECT path_no, max(scroll_depth) FROM ${engaged.repeated} GROUP BY path_no, session_key)
       GROUP BY path_no`;
  };
  const counted = ranked.every((r) => r.unique_visitors !== undefined);
  const [visitors, depths, entries] = await Promise.all([
    counted
      ? ranked.map((r) => ({ path_no: r.path_no, unique_visitors: r.unique_visitors! }))
      : db.all<{ path_no: number; unique_visitors: number }>(
          `SELECT path_no, ${distinctVisitorsSql(ranked.length, bounds)} AS unique_visitors FROM compact_page_views ${pagesJoin}
       WHERE ${ev.where}${viewsInSessions} GROUP BY path_no`,
          viewParams,
        ),
    depthSql().then((sql) =>
      db.all<{ path_no: number; depths: number | bigint; depth_sum: number | bigint | null }>(sql, engagedParams),
    ),
    db.all<{ path: string; entries: number; bounces: number }>(
      `SELECT entry_path AS path, count(*) AS entries, count(*) FILTER (WHERE pageviews = 1) AS bounces FROM sessions
       WHERE ${se.where} AND NOT is_bot AND list_contains($paths, entry_path)${entered} GROUP BY entry_path`,
      { ...se.params, paths: ranked.map((r) => r.path) },
    ),
  ]);
  const unique = new Map(visitors.map((r) => [r.path_no, Number(r.unique_visitors)]));
  const depth = new Map(depths.map((r) => [r.path_no, meanDepth(r.depth_sum, r.depths)]));
  const entriesOf = new Map(entries.map((r) => [r.path, r]));
  return ranked.map((r) => {
    const e = entriesOf.get(r.path);
    return {
      path: r.path,
      page_views: r.page_views,
      unique_visitors: unique.get(r.path_no) ?? 0,
      avg_scroll_depth: depth.get(r.path_no) ?? null,
      bounce_rate: e && e.entries > 0 ? e.bounces / e.entries : null,
    };
  });
}

/**
 * Page views per page in the scope, named and ranked (`only`: just that page number); under filters,
 * the views on matching pages in matching sessions, and then the ranked pages' distinct visitors are
 * counted from the same filtered views rather than by a second join with the sessions.
 */
async function rankedPages(db: Db, s: Scope, limit: number, only?: number): Promise<RankedPage[]> {
  const ev = scopeFilter(s, 'ts');
  const pathFilter = only === undefined ? '' : `AND path_no IN ${numberList([only])}`;
  const kept = andAll(
    pageNumberCondition(s.filters, 'path_no', ev.params),
    inMatchingSessions(s, ev.params, '', await numberedRows(db, s, 'compact_page_views')),
  );
  const where = `${ev.where} ${pathFilter}`;
  // One property: visitors counted by their views' links (page-visitor-links.ts), where the filters allow.
  if (s.propertyIds.length === 1 && keepsByPageAndTouch(s.filters))
    return db.all<RankedPage>(rankedByLinksSql(where, kept, limit), ev.params);
  if (kept) {
    return db.all<RankedPage>(
      `WITH v AS MATERIALIZED (SELECT path_no, visitor_no FROM compact_page_views WHERE ${where}${kept}),
       r AS (
         SELECT g.path_no, t.text AS path, g.page_views, g.lo, g.hi FROM (
           SELECT path_no, count(*) AS page_views, min(visitor_no) AS lo, max(visitor_no) AS hi FROM v GROUP BY path_no) g
         JOIN text_numbers t ON t.text_no = g.path_no
         ORDER BY g.page_views DESC, t.text LIMIT ${Number(limit)})
       SELECT r.*, u.unique_visitors FROM r
       JOIN (SELECT path_no, count(DISTINCT visitor_no) AS unique_visitors FROM v SEMI JOIN r USING (path_no) GROUP BY path_no) u USING (path_no)
       ORDER BY r.page_views DESC, r.path`,
      ev.params,
    );
  }
  // Several properties: a visitor's links are per property, so their pages' visitors are counted apart (pageFigures).
  return db.all<RankedPage>(
    `SELECT v.path_no, t.text AS path, v.page_views, v.lo, v.hi FROM (
       SELECT path_no, count(*) AS page_views, min(visitor_no) AS lo, max(visitor_no) AS hi
       FROM compact_page_views WHERE ${where} GROUP BY path_no) v
     JOIN text_numbers t ON t.text_no = v.path_no
     ORDER BY v.page_views DESC, t.text LIMIT ${Number(limit)}`,
    ev.params,
  );
}

export async function pages(db: Db, s: Scope, limit: number): Promise<PageRow[]> {
  return pageFigures(db, s, await rankedPages(db, s, limit));
}

/** The number of a path, or null when the store has never seen it. */
async function pathNumber(db: Db, path: string): Promise<number | null> {
  const [row] = await db.all<{ text_no: number }>('SELECT text_no FROM text_numbers WHERE text = $path', { path });
  return row?.text_no ?? null;
}

export async function pageDetails(db: Db, s: Scope, page: string, limit: number): ReturnType<Store['pageDetails']> {
  const zero = { page_views: 0, unique_visitors: 0, avg_scroll_depth: null, bounce_rate: null };
  const no = await pathNumber(db, page);
  if (no === null) return { totals: zero, rows: [] };
  const ev = scopeFilter(s, 'ts', 'e');
  const params: Params = { ...ev.params, path_no: no };
  const numbered = await numberedRows(db, s, 'compact_page_views', true);
  // The page's views in sessions that match, and none when the page itself fails a page filter.
  const kept = andAll(
    pageNumberCondition(s.filters, 'e.path_no', params),
    inMatchingSessions(s, params, 'e', numbered),
  );
  // The page's views carry their session's first-touch attribution (UTM arrives only on landing):
  // grouped by its numbers (touch-numbers.ts), then the few combinations' texts joined; a view not
  // numbered yet takes its session's texts. Joining each of the page's views to its session instead
  // cost 314 ms of CPU for / at 10M events.
  const views = `SELECT e.property_id, e.session_key, e.arrival_no, e.client_no FROM compact_page_views e
    WHERE ${ev.where} AND e.path_no = $path_no::UINTEGER${kept}`;
  if (numbered.freshFrom !== null) params.page_fresh = numbered.freshFrom;
  const unnumbered =
    numbered.freshFrom === null
      ? ''
      : `UNION ALL SELECT s.utm_source, s.utm_medium, s.utm_campaign, s.country, s.device, count(*)
         FROM v JOIN sessions s ON s.property_id = v.property_id AND s.session_key = v.session_key
           -- Its views lie after the first unnumbered one: the sessions scan skips the rest of the history.
           AND s.last_ts >= $page_fresh::TIMESTAMP
         WHERE v.client_no IS NULL GROUP BY ALL`;
  type BreakdownRow = {
    g: number;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
    country: string | null;
    device: string | null;
    page_views: number;
  };
  // Two independent reads, run side by side on the reader connections.
  const [[totals], rows] = await Promise.all([
    rankedPages(db, s, 1, no).then((ranked) => pageFigures(db, s, ranked)),
    db.all<BreakdownRow>(
      `WITH v AS (${views}),
       counted AS (
         SELECT a.utm_source, a.utm_medium, a.utm_campaign, c.country, c.device, n FROM (
           SELECT arrival_no, client_no, count(*) AS n FROM v WHERE client_no IS NOT NULL GROUP BY ALL) g
         JOIN arrival_tuples a USING (arrival_no) JOIN client_tuples c USING (client_no)
         ${unnumbered})
       SELECT grouping_id(utm_source, utm_medium, utm_campaign, country, device) AS g,
         utm_source, utm_medium, utm_campaign, country, device, sum(n)::BIGINT AS page_views
       FROM counted
       GROUP BY GROUPING SETS ((utm_source, utm_medium, utm_campaign), (country), (device))
       QUALIFY row_number() OVER (PARTITION BY g ORDER BY page_views DESC, utm_source, utm_medium, utm_campaign, country, device) <= ${Number(limit)}`,
      params,
    ),
  ]);
  const out: (SegmentRow & { dimension: 'utm' | 'country' | 'device' })[] = rows.map((r) => {
    const counts = { sessions: 0, page_views: r.page_views };
    if (r.g === 0b00011) return { dimension: 'utm', values: [r.utm_source, r.utm_medium, r.utm_campaign], ...counts };
    if (r.g === 0b11101) return { dimension: 'country', values: [r.country], ...counts };
    return { dimension: 'device', values: [r.device], ...counts };
  });
  // Ties between dimensions (a country and a device both unknown, say) by dimension name, so the
  // order never depends on which thread finished first.
  const ranked = byCountsThenValues<(typeof out)[number]>(
    (r) => [r.page_views],
    (r) => r.values,
  );
  out.sort((a, b) => ranked(a, b) || (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : 0));
  if (!totals) return { totals: zero, rows: out };
  const { path: _path, ...figures } = totals;
  return { totals: figures, rows: out };
}
