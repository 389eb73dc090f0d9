import { CONTINUES, DROP_OFF } from '../../../contract/funnels.js';
import { pagesOnly } from '../funnel-step-plan.js';
import { sankeyPathsOf, topSankeyPaths, type SankeyPath, type SankeyTop } from '../sankey-nodes.js';
import type { FunnelQuery } from '../store.js';
import type { Database, Params } from './database.js';
import { goalStepPaths } from './funnel-goal-steps.js';
import { pathNumbers } from './funnel-queries.js';
import { int, pathNames } from './funnel-sql.js';
import { sessionPathsCtes } from './session-paths.js';

type Db = Pick<Database, 'all' | 'snapshot'>;

/**
 * The view's index (1-based) in a tail `p` (which starts with step 1's page) where the funnel is
 * complete, NULL when it never is: unbounded, the last of the steps' first views; sequential, step
 * k's page first viewed after step k-1's, as sankey-nodes.ts's pathNodes walks it.
 */
function completionSql(
  steps: string[],
  nos: Map<string, number>,
  mode: FunnelQuery['mode'],
): { columns: string; done: string } {
  const known = steps.map((s) => nos.get(s));
  if (known.some((no) => no === undefined)) return { columns: 'NULL::BIGINT AS done', done: 'done' };
  if (mode === 'sequential') {
    const chain = known.map((no, i) =>
      i === 0 ? '1 AS c1' : `c${i} + list_position(p[c${i} + 1:], ${int(no!)}) AS c${i + 1}`,
    );
    return { columns: `${chain.join(', ')}, c${known.length} AS done`, done: 'done' };
  }
  const all = known.map((no) => `list_contains(p, ${int(no!)})`).join(' AND ');
  return {
    columns: `CASE WHEN ${all} THEN greatest(${known.map((no) => `list_position(p, ${int(no!)})`).join(', ')}) END AS done`,
    done: 'done',
  };
}

/**
 * The sankey's paths (sankey-nodes.ts) of a funnel of pages, worked out in SQL: each distinct tail
 * from step 1's first view is cut where the funnel completes or after `maxNodes` nodes, its repeats
 * collapsed, and the sessions summed per node list, so a few rows reach JavaScript instead
 * of one per distinct tail (35k at 10M events, 100 ms of CPU to shape there): only the top `maxPaths`
 * lists (and those tied with the last) with at least `minSessions`. Funnels with goal steps shape the
 * store's rows in JavaScript.
 */
export async function sankeyPaths(db: Db, q: FunnelQuery, maxNodes: number, top: SankeyTop): Promise<SankeyPath[]> {
  const pages = pagesOnly(q.steps);
  if (!pages) return topSankeyPaths(sankeyPathsOf(await goalStepPaths(db, q, maxNodes), q.steps.length, q.mode), top);
  const nos = await pathNumbers(db, pages);
  const first = nos.get(pages[0]);
  if (first === undefined) return []; // nobody viewed step 1
  const n = Number(maxNodes);
  const completion = completionSql(pages, nos, q.mode);
  const rows = await db.snapshot(async (read) => {
    const params: Params = {};
    const paths = await sessionPathsCtes(read, q.scope, params);
    return read<{ nodes: number[]; kind: number; sessions: number }>(
      `WITH ${paths},
      tails AS (SELECT views[list_position(views, ${int(first)}):] AS p, sum(n) AS n FROM paths WHERE list_contains(views, ${int(first)}) GROUP BY p),
      -- Where each node starts; only a tail of more than n views can have more than n nodes.
      cut AS (SELECT p, n, ${completion.columns}, CASE WHEN len(p) > ${n} THEN list_filter(range(1, len(p) + 1), lambda j: j = 1 OR p[j] <> p[j - 1]) END AS starts FROM tails),
      shown AS (SELECT p, n, ${completion.done} AS done, CASE WHEN len(starts) > ${n} THEN starts[${n + 1}] - 1 ELSE len(p) END AS last, coalesce(len(starts) <= ${n}, true) AS ended FROM cut),
      -- kind 0: completes within the nodes shown; 1: ends unfinished (drop-off); 2: goes on past them.
      ids AS (SELECT CASE WHEN done <= last THEN p[1:done] ELSE p[1:last] END AS ids, CASE WHEN done <= last THEN 0 WHEN ended THEN 1 ELSE 2 END AS kind, n FROM shown)
      SELECT list_filter(ids, lambda x, i: i = 1 OR x <> ids[i - 1]) AS nodes, kind, sum(n)::BIGINT AS sessions FROM ids GROUP BY nodes, kind
      HAVING sum(n) >= ${int(top.minSessions)}
      -- The ties at the last place too: the caller orders equal counts by the nodes' names.
      QUALIFY rank() OVER (ORDER BY sum(n) DESC) <= ${int(top.maxPaths)}`,
      params,
    );
  });
  const names = await pathNames(
    db,
    rows.flatMap((r) => r.nodes),
  );
  const suffix = [[], [DROP_OFF], [CONTINUES]];
  return rows.map((r) => ({ nodes: [...r.nodes.map((i) => names.get(i)!), ...suffix[r.kind]], sessions: r.sessions }));
}
