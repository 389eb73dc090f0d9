/**
 * The pages of one property ranked by views, with each page's distinct visitors counted in the
 * ranking's own scan: a view whose visitor's previous view of the page lies before the range is one
 * visitor (previous-rows.ts). A (visitor, page) with a view in the range not linked yet is counted
 * distinctly instead of by its linked views.
 *
 * Under filters that keep a view by its page and first touch alone (keepsByPageAndTouch), the views
 * the filter keeps count that way when their (visitor, page) shares one first touch (one-touch-keys.ts),
 * as the filter then keeps all of its views or none; those that do not (a tenth of the views at 10M
 * events) are counted distinctly, and so is a (visitor, page) not known yet to share one.
 *
 * `where`: the range's page views of the property; `kept`: the filters' conditions on them ('' when
 * unfiltered), each ` AND …`. Binds nothing itself: `$start` is scopeFilter's.
 */
export function rankedByLinksSql(where: string, kept: string, limit: number): string {
  const filtered = kept !== '';
  const linked = `${filtered ? 'one_touch AND ' : ''}previous_ts < $start::TIMESTAMP`;
  const unsure = filtered ? 'previous_ts IS NULL OR one_touch IS NULL' : 'previous_ts IS NULL';
  const mixed = filtered ? 'count(DISTINCT visitor_no) FILTER (WHERE NOT one_touch)' : '0';
  // Keys with an unsure view in the range, whatever the filters: all of their kept views are counted
  // distinctly, and taken out of the linked and mixed counts.
  return `WITH fresh AS (
       SELECT path_no, count(*) FILTER (WHERE ${linked}) AS linked, ${mixed} AS mixed, count(DISTINCT visitor_no) AS visitors
       FROM compact_page_views
         SEMI JOIN (SELECT DISTINCT visitor_no, path_no FROM compact_page_views WHERE ${where} AND (${unsure})) f USING (visitor_no, path_no)
       WHERE ${where}${kept} GROUP BY path_no)
     SELECT v.path_no, t.text AS path, v.page_views, v.lo, v.hi,
       (v.linked - coalesce(f.linked, 0) + v.mixed - coalesce(f.mixed, 0) + coalesce(f.visitors, 0))::BIGINT AS unique_visitors
     FROM (
       SELECT path_no, count(*) AS page_views, min(visitor_no) AS lo, max(visitor_no) AS hi,
         count(*) FILTER (WHERE ${linked}) AS linked, ${mixed} AS mixed FROM compact_page_views WHERE ${where}${kept} GROUP BY path_no) v
     JOIN text_numbers t ON t.text_no = v.path_no LEFT JOIN fresh f USING (path_no)
     ORDER BY v.page_views DESC, t.text LIMIT ${Number(limit)}`;
}
