import { pagesOnly } from '../funnel-step-plan.js';
import type { FunnelPathRow, FunnelQuery, FunnelRow, Scope, Store } from '../store.js';
import type { Database, Params } from './database.js';
import { goalStepFunnel, goalStepPaths } from './funnel-goal-steps.js';
import { int, pathNames, progressSql, sessionsKept, sessionsReaching } from './funnel-sql.js';
import { scopeFilter } from './sql-fragments.js';

type Db = Pick<Database, 'all'>;

// Ties in session counts are ordered by the pages (their numbers), so answers repeat exactly.
// Performance notes (10M events, 1.5M page views in a 30-day range): DuckDB's ordered aggregates
// (`list(x ORDER BY ts)`) cost seconds with that many groups, strings worst of all; `list_sort` of an
// unordered `list({ts, ...})` gives the same order for a fraction. Per-session lists over page ids
// (small integers) instead of paths are cheaper to build, sort and group than lists of strings.

/**
 * One row per distinct step page with the bits of every step it is (bit k-1 for step k), so joining
 * page views to it yields exactly one row per view, no regrouping needed.
 */
const stepsSql = `steps AS (
    SELECT t.text_no AS path_no, bit_or(1::BIGINT << (idx - 1)) AS mask
    FROM (SELECT unnest($steps::VARCHAR[]) AS path, generate_subscripts($steps::VARCHAR[], 1) AS idx) st
    JOIN text_numbers t ON t.text = st.path GROUP BY t.text_no)`;

/**
 * Page views in range as (property, session, ts, path). Two identical views (same session, instant
 * and page) count once, as they always have; that can only change an answer when a page is two
 * consecutive steps, so only then is the (costly) DISTINCT paid for.
 */
function pageViews(s: Scope, pages: string[]): { sql: string; params: Params } {
  const { where, params } = scopeFilter(s, 'ts');
  const distinct = new Set(pages).size < pages.length ? 'DISTINCT ' : '';
  return { sql: `SELECT ${distinct}property_id, session_key, ts, path_no FROM compact_page_views WHERE ${where}${sessionsKept(s, params)}`, params };
}

/**
 * Sessions reaching each step. Unbounded: the session viewed every page of steps 1..k, in any order.
 * Sequential: greedy in-order matching over the session's page views, one step per page view. A
 * funnel with a goal step counts the goals' events too (funnel-goal-steps.ts).
 */
export async function funnel(db: Db, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const pages = pagesOnly(q.steps);
  if (!pages) return goalStepFunnel(db, q, limit);
  const pv = pageViews(q.scope, pages);
  const sequential = q.mode === 'sequential';
  return sessionsReaching(db, q, limit, `${stepsSql},
    hits AS (SELECT v.property_id, v.session_key, v.ts, st.mask FROM (${pv.sql}) v JOIN steps st USING (path_no)),
    per_session AS (
      SELECT property_id, session_key, bit_or(mask) AS seen
        ${sequential ? `, ${progressSql(`list_sort(list({'t': ts, 'm': mask}))`)} AS progress` : ''}
      FROM hits GROUP BY property_id, session_key)`, { ...pv.params, steps: pages });
}

/**
 * Page sequences from each session's first view of step 1, cut after `maxNodes` nodes (a run of
 * consecutive views of one page is one node, so reloads don't use up the path), grouped by path
 * number and named once grouped. Views at one instant follow path number order.
 */
export async function funnelPaths(db: Db, q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]> {
  const pages = pagesOnly(q.steps);
  if (!pages) return goalStepPaths(db, q, maxNodes);
  const nos = await pathNumbers(db, pages);
  const first = nos.get(pages[0]);
  if (first === undefined) return []; // nobody viewed step 1
  const pv = pageViews(q.scope, pages);
  const n = Number(maxNodes);
  const rows = await db.all<{ ids: number[]; ended: boolean; sessions: number }>(
    `WITH pv AS MATERIALIZED (${pv.sql}),
    -- Only views from the session's first view of step 1 on: fewer rows for the costly list building.
    firsts AS (SELECT property_id, session_key, min(ts) AS t1 FROM pv WHERE path_no = ${int(first)} GROUP BY ALL),
    per AS (
      SELECT list_transform(list_sort(list({'t': v.ts, 'id': v.path_no})), lambda x: x.id) AS ids
      FROM pv v JOIN firsts f ON f.property_id = v.property_id AND f.session_key = v.session_key AND v.ts >= f.t1
      GROUP BY v.property_id, v.session_key),
    tail AS (SELECT ids[list_position(ids, ${int(first)}):] AS p FROM per),
    -- Where each node starts in the tail; the views of node n + 1 onwards are cut. A tail of at most
    -- n views has at most n nodes, which spares most sessions the per-element lambda.
    nodes AS (SELECT p, CASE WHEN len(p) > ${n} THEN list_filter(range(1, len(p) + 1), lambda j: j = 1 OR p[j] <> p[j - 1]) END AS starts FROM tail)
    SELECT CASE WHEN len(starts) > ${n} THEN p[1 : starts[${n + 1}] - 1] ELSE p END AS ids,
      coalesce(len(starts) <= ${n}, true) AS ended, count(*) AS sessions
    FROM nodes GROUP BY ALL ORDER BY sessions DESC, ids, ended`,
    pv.params,
  );
  const masks = stepMasks(pages, nos);
  const names = await pathNames(db, rows.flatMap((r) => r.ids));
  return rows.map((r) => ({ pages: r.ids.map((i) => names.get(i)!), masks: r.ids.map((i) => masks.get(i) ?? 0), ended: r.ended, sessions: r.sessions }));
}

/** Page sequences that follow `page` (consecutive repeats collapsed), with session counts. */
export async function pathsAfter(db: Db, s: Scope, page: string, depth: number): ReturnType<Store['pathsAfter']> {
  const no = (await pathNumbers(db, [page])).get(page);
  if (no === undefined) return []; // a page the store has never seen was never followed by anything
  const { where, params } = scopeFilter(s, 'ts');
  const rows = await db.all<{ ids: number[]; sessions: number }>(
    `WITH pv AS MATERIALIZED (SELECT property_id, session_key, ts, path_no FROM compact_page_views WHERE ${where}${sessionsKept(s, params)}),
    firsts AS (SELECT property_id, session_key, min(ts) AS t0 FROM pv WHERE path_no = ${int(no)} GROUP BY ALL),
    -- From the session's first view of the page on: what came before it never reaches the answer.
    per AS (
      SELECT list_transform(list_sort(list({'t': v.ts, 'id': v.path_no})), lambda x: x.id) AS ids
      FROM pv v JOIN firsts f ON f.property_id = v.property_id AND f.session_key = v.session_key AND v.ts >= f.t0
      GROUP BY v.property_id, v.session_key),
    dedup AS (SELECT list_filter(ids, lambda x, i: i = 1 OR x <> ids[i - 1]) AS p FROM per),
    cut AS (SELECT p, list_position(p, ${int(no)}) AS i FROM dedup)
    SELECT p[i : i + ${Number(depth)}] AS ids, count(*) AS sessions FROM cut GROUP BY ALL ORDER BY sessions DESC, ids`,
    params,
  );
  const names = await pathNames(db, rows.flatMap((r) => r.ids));
  return rows.map((r) => ({ pages: r.ids.map((i) => names.get(i)!), sessions: r.sessions }));
}

/** The numbers of those of `paths` the store has seen. */
async function pathNumbers(db: Db, paths: string[]): Promise<Map<string, number>> {
  const rows = await db.all<{ text: string; text_no: number }>('SELECT text, text_no FROM text_numbers WHERE list_contains($paths, text)', { paths });
  return new Map(rows.map((r) => [r.text, r.text_no]));
}

/** Per path number, the bits of the steps it is (bit k-1 for step k). */
function stepMasks(steps: string[], nos: Map<string, number>): Map<number, number> {
  const masks = new Map<number, number>();
  steps.forEach((step, i) => {
    const no = nos.get(step);
    if (no !== undefined) masks.set(no, (masks.get(no) ?? 0) | 2 ** i);
  });
  return masks;
}
