import type { FunnelDimension, FunnelPathRow, FunnelQuery, FunnelRow, Scope, Store } from '../store.js';
import type { Database, Params } from './database.js';
import { scopeFilter } from './sql-fragments.js';

type Db = Pick<Database, 'all'>;

const dimensionColumn: Record<FunnelDimension, string> = {
  device: 's.device',
  country: 's.country',
  utm_source: 's.utm_source',
  utm_medium: 's.utm_medium',
  utm_campaign: 's.utm_campaign',
  referrer: 's.referrer',
  entry_page: 's.entry_path',
};

/** Step pages as a table (path, idx) and each page view's step mask: bit k-1 set when it is step k. */
function stepHits(q: FunnelQuery, join: 'JOIN' | 'LEFT JOIN'): { sql: string; params: Params } {
  const { where, params } = scopeFilter(q.scope, 'ts', 'e');
  params.steps = q.steps;
  const sql = `
  steps AS (SELECT unnest($steps::VARCHAR[]) AS path, generate_subscripts($steps::VARCHAR[], 1) AS idx),
  hits AS (
    SELECT e.property_id, e.session_key, e.ts, e.path, coalesce(bit_or(1::BIGINT << (st.idx - 1)), 0)::BIGINT AS mask
    FROM events e ${join} steps st ON st.path = e.path
    WHERE ${where} AND e.type = 'pageview' AND NOT e.is_bot
    GROUP BY e.property_id, e.session_key, e.ts, e.path)`;
  return { sql, params };
}

/**
 * Sessions reaching each step. Unbounded: the session viewed every page of steps 1..k, in any order.
 * Sequential: greedy in-order matching over the session's page views, one step per page view.
 */
export async function funnel(db: Db, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const { sql, params } = stepHits(q, 'JOIN');
  const reached = q.steps
    .map((_, i) => {
      const k = i + 1;
      const all = 2 ** k - 1;
      return q.mode === 'sequential' ? `count(*) FILTER (WHERE progress >= ${k}) AS r${k}` : `count(*) FILTER (WHERE seen & ${all} = ${all}) AS r${k}`;
    })
    .join(', ');
  const dim = q.breakdownBy ? dimensionColumn[q.breakdownBy] : null;
  const rows = await db.all<Record<string, number | string | null> & { g: number; value: string | null }>(
    `WITH ${sql},
    per_session AS (
      SELECT property_id, session_key, bit_or(mask) AS seen,
        list_reduce(list(mask ORDER BY ts), lambda acc, m: CASE WHEN (m >> acc) & 1 = 1 THEN acc + 1 ELSE acc END, 0::BIGINT) AS progress
      FROM hits GROUP BY property_id, session_key)
    SELECT ${dim ? `grouping_id(${dim})` : '1'} AS g, ${dim ?? 'NULL'} AS value, ${reached}
    FROM per_session p ${dim ? 'LEFT JOIN sessions s ON s.property_id = p.property_id AND s.session_key = p.session_key' : ''}
    ${dim ? `GROUP BY GROUPING SETS ((${dim}), ()) QUALIFY g = 1 OR row_number() OVER (PARTITION BY g ORDER BY r1 DESC, ${dim}) <= ${Number(limit)}` : ''}`,
    params,
  );
  return rows
    .sort((a, b) => b.g - a.g || Number(b.r1) - Number(a.r1) || String(a.value).localeCompare(String(b.value)))
    .map((r) => ({ value: r.g === 1 ? null : (r.value ?? 'unknown'), reached: q.steps.map((_, i) => Number(r[`r${i + 1}`] ?? 0)) }));
}

/**
 * Page sequences from each session's first view of step 1, cut after `maxNodes` nodes (a run of
 * consecutive views of one page is one node, so reloads don't use up the path), grouped.
 */
export async function funnelPaths(db: Db, q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]> {
  const { sql, params } = stepHits(q, 'LEFT JOIN');
  const n = Number(maxNodes);
  const rows = await db.all<{ pages: string[]; masks: bigint[] | number[]; ended: boolean; sessions: number }>(
    `WITH ${sql},
    per AS (
      SELECT list(path ORDER BY ts) AS paths, list(mask ORDER BY ts) AS masks FROM hits
      GROUP BY property_id, session_key HAVING bit_or(mask) & 1 = 1),
    cut AS (SELECT paths, masks, list_position(list_transform(masks, lambda m: m & 1), 1) AS i FROM per),
    tail AS (SELECT paths[i:] AS p, masks[i:] AS m FROM cut),
    -- Where each node starts in the tail; the views of node n + 1 onwards are cut.
    nodes AS (SELECT p, m, list_filter(range(1, len(p) + 1), lambda j: j = 1 OR p[j] <> p[j - 1]) AS starts FROM tail)
    SELECT CASE WHEN len(starts) > ${n} THEN p[1 : starts[${n + 1}] - 1] ELSE p END AS pages,
      CASE WHEN len(starts) > ${n} THEN m[1 : starts[${n + 1}] - 1] ELSE m END AS masks,
      len(starts) <= ${n} AS ended, count(*) AS sessions
    FROM nodes GROUP BY ALL ORDER BY sessions DESC`,
    params,
  );
  return rows.map((r) => ({ pages: r.pages, masks: r.masks.map(Number), ended: r.ended, sessions: r.sessions }));
}

export async function pathsAfter(db: Db, s: Scope, page: string, depth: number): ReturnType<Store['pathsAfter']> {
  const { where, params } = scopeFilter(s, 'ts');
  params.page = page;
  return db.all<{ pages: string[]; sessions: number }>(
    `WITH viewed AS (SELECT DISTINCT property_id, session_key FROM events WHERE ${where} AND type = 'pageview' AND NOT is_bot AND path = $page),
    per AS (
      SELECT list(path ORDER BY ts) AS paths FROM events e SEMI JOIN viewed v USING (property_id, session_key)
      WHERE ${where} AND type = 'pageview' AND NOT is_bot GROUP BY property_id, session_key),
    dedup AS (SELECT list_filter(paths, lambda x, i: i = 1 OR x <> paths[i - 1]) AS p FROM per),
    cut AS (SELECT p, list_position(p, $page) AS i FROM dedup)
    SELECT p[i : i + ${Number(depth)}] AS pages, count(*) AS sessions FROM cut GROUP BY ALL ORDER BY sessions DESC`,
    params,
  );
}
