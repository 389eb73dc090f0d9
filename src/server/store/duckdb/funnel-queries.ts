import { pagesOnly } from '../funnel-step-plan.js';
import type { FunnelPathRow, FunnelQuery, FunnelRow, Scope, Store } from '../store.js';
import type { Database, Params } from './database.js';
import { goalStepFunnel, goalStepPaths } from './funnel-goal-steps.js';
import { dimensionColumn, int, pathNames, pathsReaching, progressSql } from './funnel-sql.js';
import { sessionPathsCtes } from './session-paths.js';

type Db = Pick<Database, 'all' | 'snapshot'>;

// Ties in session counts are ordered by the pages (their numbers), so answers repeat exactly.
// Performance notes (10M events, 1.5M page views in a 30-day range): DuckDB's ordered aggregates
// (`list(x ORDER BY ts)`) cost seconds with that many groups, strings worst of all; `list_sort` of an
// unordered `list({ts, ...})` gives the same order for a fraction. Per-session lists over page ids
// (small integers) instead of paths are cheaper to build, sort and group than lists of strings.

/** A view's step bits (bit k-1 for step k; 0 for other pages) from its path number `x`: our own numbers. */
function maskOf(masks: Map<number, number>, x: string): string {
  if (masks.size === 0) return '0::BIGINT';
  return `CASE ${x} ${[...masks].map(([no, m]) => `WHEN ${int(no)} THEN ${int(m)}`).join(' ')} ELSE 0 END::BIGINT`;
}

/** The bits of every step a path's `views` hold (membership tests: no per-view lambda). */
function seenSql(masks: Map<number, number>): string {
  if (masks.size === 0) return '0::BIGINT';
  return [...masks]
    .map(([no, m]) => `(CASE WHEN list_contains(views, ${int(no)}) THEN ${int(m)} ELSE 0 END)::BIGINT`)
    .join(' | ');
}

/**
 * Steps reached in order, one per view, greedily. A path whose instants are all distinct is in time
 * order already: step k is the first view of its page after step k-1's (`i1`, `i2`… the positions,
 * NULL once one is missing). A path with views at one instant takes them in step order, so its step
 * bits are sorted by (instant, bits) first, as before numbering.
 */
function progressColumns(
  steps: string[],
  nos: Map<string, number>,
  masks: Map<number, number>,
): { positions: string; progress: string } {
  const positions: string[] = [];
  let known = true;
  steps.forEach((step, i) => {
    const no = nos.get(step);
    known = known && no !== undefined;
    const k = i + 1;
    if (!known) positions.push(`NULL::BIGINT AS i${k}`);
    else
      positions.push(
        k === 1
          ? `list_position(views, ${int(no!)}) AS i1`
          : `i${i} + list_position(views[i${i} + 1:], ${int(no!)}) AS i${k}`,
      );
  });
  const inOrder = steps.map((_, i) => `(i${i + 1} IS NOT NULL)::BIGINT`).join(' + ');
  const byInstant = `list_sort(list_transform(range(1, len(views) + 1), lambda j: {'t': instants[j], 'm': ${maskOf(masks, 'views[j]')}}))`;
  return {
    positions: positions.join(', '),
    progress: `CASE WHEN list_last(instants) = len(instants) THEN ${inOrder} ELSE ${progressSql(byInstant)} END`,
  };
}

/**
 * Sessions reaching each step. Unbounded: the session viewed every page of steps 1..k, in any order.
 * Sequential: greedy in-order matching over the session's page views, one step per page view, views
 * at one instant taken in step order. Both over each distinct path once, weighted by its sessions
 * (session-paths.ts). A funnel with a goal step counts the goals' events too (funnel-goal-steps.ts).
 */
export async function funnel(db: Db, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const pages = pagesOnly(q.steps);
  if (!pages) return goalStepFunnel(db, q, limit);
  const nos = await pathNumbers(db, pages);
  const masks = stepMasks(pages, nos);
  const value = q.breakdownBy ? ', value' : '';
  return db.snapshot(async (read) => {
    const params: Params = {};
    const paths = await sessionPathsCtes(
      read,
      q.scope,
      params,
      q.breakdownBy ? dimensionColumn[q.breakdownBy] : undefined,
    );
    const stepped = `stepped AS (SELECT *, ${seenSql(masks)} AS seen FROM paths)`;
    if (q.mode !== 'sequential')
      return pathsReaching(
        read,
        q,
        limit,
        `${paths}, ${stepped}, per_group AS (SELECT n${value}, seen FROM stepped WHERE seen <> 0)`,
        params,
      );
    const order = progressColumns(pages, nos, masks);
    return pathsReaching(
      read,
      q,
      limit,
      `${paths}, ${stepped},
      per_group AS (SELECT n${value}, seen, ${order.progress} AS progress FROM (SELECT *, ${order.positions} FROM stepped WHERE seen <> 0))`,
      params,
    );
  });
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
  const n = Number(maxNodes);
  const rows = await db.snapshot(async (read) => {
    const params: Params = {};
    const paths = await sessionPathsCtes(read, q.scope, params);
    return read<{ ids: number[]; ended: boolean; sessions: number }>(
      `WITH ${paths},
      tail AS (SELECT views[list_position(views, ${int(first)}):] AS p, n FROM paths WHERE list_contains(views, ${int(first)})),
      -- Where each node starts in the tail; the views of node n + 1 onwards are cut. A tail of at most
      -- n views has at most n nodes, which spares most paths the per-element lambda.
      nodes AS (SELECT p, n, CASE WHEN len(p) > ${n} THEN list_filter(range(1, len(p) + 1), lambda j: j = 1 OR p[j] <> p[j - 1]) END AS starts FROM tail)
      SELECT CASE WHEN len(starts) > ${n} THEN p[1 : starts[${n + 1}] - 1] ELSE p END AS ids,
        coalesce(len(starts) <= ${n}, true) AS ended, sum(n)::BIGINT AS sessions
      FROM nodes GROUP BY ALL ORDER BY sessions DESC, ids, ended`,
      params,
    );
  });
  const masks = stepMasks(pages, nos);
  const names = await pathNames(
    db,
    rows.flatMap((r) => r.ids),
  );
  return rows.map((r) => ({
    pages: r.ids.map((i) => names.get(i)!),
    masks: r.ids.map((i) => masks.get(i) ?? 0),
    ended: r.ended,
    sessions: r.sessions,
  }));
}

/** Page sequences that follow `page` (consecutive repeats collapsed), with session counts. */
export async function pathsAfter(db: Db, s: Scope, page: string, depth: number): ReturnType<Store['pathsAfter']> {
  const no = (await pathNumbers(db, [page])).get(page);
  if (no === undefined) return []; // a page the store has never seen was never followed by anything
  const rows = await db.snapshot(async (read) => {
    const params: Params = {};
    const paths = await sessionPathsCtes(read, s, params);
    return read<{ ids: number[]; sessions: number }>(
      `WITH ${paths},
      -- From the session's first view of the page on: what came before it never reaches the answer.
      tail AS (SELECT views[list_position(views, ${int(no)}):] AS p, n FROM paths WHERE list_contains(views, ${int(no)})),
      dedup AS (SELECT list_filter(p, lambda x, i: i = 1 OR x <> p[i - 1]) AS p, n FROM tail)
      SELECT p[1 : 1 + ${Number(depth)}] AS ids, sum(n)::BIGINT AS sessions FROM dedup GROUP BY ALL ORDER BY sessions DESC, ids`,
      params,
    );
  });
  const names = await pathNames(
    db,
    rows.flatMap((r) => r.ids),
  );
  return rows.map((r) => ({ pages: r.ids.map((i) => names.get(i)!), sessions: r.sessions }));
}

/** The numbers of those of `paths` the store has seen. */
export async function pathNumbers(db: Db, paths: string[]): Promise<Map<string, number>> {
  const rows = await db.all<{ text: string; text_no: number }>(
    'SELECT text, text_no FROM text_numbers WHERE list_contains($paths, text)',
    { paths },
  );
  return new Map(rows.map((r) => [r.text, r.text_no]));
}

/** Per path number, the bits of the steps it is (bit k-1 for step k). */
function stepMasks(steps: string[], nos: Map<string, number>): Map<number, number> {
  const masks = new Map<number, number>();
  steps.forEach((step, i) => {
    const no = nos.get(step);
    if (no !== undefined) masks.set(no, (masks.get(no) ?? 0) | (2 ** i));
  });
  return masks;
}
