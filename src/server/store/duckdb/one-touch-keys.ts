/**
 * A page view's `one_touch`: whether every view of its (property, visitor, page) came in sessions with
 * the same first-touch numbers (touch-numbers.ts). A filter on a session's values then keeps all of
 * those views or none, so under it the page's visitors are still its views whose previous view of
 * the same visitor and page lies before the range (previous-rows.ts): a filtered count in the
 * ranking's scan. At 10M events 90% of the views share one first touch; the ten ranked pages'
 * visitors under "country is US" cost 101 ms that way against 191 counted distinctly.
 *
 * NULL until the background pass sets it, after the rows are numbered; a key with a row not numbered
 * yet stays NULL. The pass sets it for every row of a key at once; a row renumbered because its
 * session's first page view changed goes back to NULL in that write (touch-numbers.ts), so the set
 * rows of a key always agree with their numbers. Readers count a key with a NULL row in the range
 * distinctly (page-visitor-links.ts).
 */
export const oneTouchSchemaSql = `ALTER TABLE compact_page_views ADD COLUMN IF NOT EXISTS one_touch BOOLEAN;`;

const key = 'property_id, visitor_no, path_no';

/** The background pass's part (the whole table the first time, for rows written before the column). */
export const linkOneTouchSql = `
UPDATE compact_page_views SET one_touch = p.one_touch
FROM (
  SELECT rid, CASE WHEN count(*) OVER w = count(touch) OVER w THEN min(touch) OVER w = max(touch) OVER w END AS one_touch
  FROM (SELECT rowid AS rid, ${key}, arrival_no::UBIGINT << 32 | client_no AS touch FROM compact_page_views) c
  SEMI JOIN (SELECT DISTINCT ${key} FROM compact_page_views WHERE one_touch IS NULL) f USING (${key})
  WINDOW w AS (PARTITION BY ${key})) p
WHERE compact_page_views.rowid = p.rid AND compact_page_views.one_touch IS DISTINCT FROM p.one_touch`;
