import type { z } from 'zod';
import { CONTINUES, DROP_OFF, type sankeyParams, type sankeyResponse } from '../../contract/funnels.js';
import type { FunnelPathRow } from '../store/store.js';
import { funnelQueryOf } from './funnel.js';
import { rangeMeta, type ReportContext } from './report-context.js';

/**
 * A session's nodes: its pages from the first view of step 1 (repeats collapsed) up to the page that
 * completes the funnel, or up to its last page followed by `(drop-off)` when it never completes. With
 * goal steps, the events of those goals are nodes among the pages ("Goal: Signup"), and the first
 * step-1 event, page view or goal event, starts the path.
 */
export function pathNodes(row: FunnelPathRow, stepCount: number, mode: 'unbounded' | 'sequential'): string[] {
  const nodes: string[] = [];
  const all = 2 ** stepCount - 1;
  let seen = 0;
  let progress = 0;
  for (let i = 0; i < row.pages.length; i++) {
    const mask = row.masks[i];
    if (nodes[nodes.length - 1] !== row.pages[i]) nodes.push(row.pages[i]);
    seen |= mask;
    if ((mask >> progress) & 1) progress++;
    const complete = mode === 'sequential' ? progress >= stepCount : (seen & all) === all;
    if (complete) return nodes;
  }
  nodes.push(row.ended ? DROP_OFF : CONTINUES);
  return nodes;
}

export async function funnelSankey(ctx: ReportContext<z.infer<typeof sankeyParams>>): Promise<z.infer<typeof sankeyResponse>> {
  const { frame, q } = await funnelQueryOf(ctx);
  const rows = await ctx.store.funnelPaths(q, Math.min(q.steps.length + 4, 24));
  const counts = new Map<string, { nodes: string[]; sessions: number }>();
  for (const row of rows) {
    const nodes = pathNodes(row, q.steps.length, q.mode);
    const key = JSON.stringify(nodes);
    const entry = counts.get(key) ?? { nodes, sessions: 0 };
    entry.sessions += row.sessions;
    counts.set(key, entry);
  }
  const paths = [...counts.values()]
    .filter((p) => p.sessions >= ctx.query.minSessions)
    .sort((a, b) => b.sessions - a.sessions || a.nodes.join('\u0000').localeCompare(b.nodes.join('\u0000')))
    .slice(0, ctx.query.maxPaths);
  return {
    meta: { ...rangeMeta(ctx, frame), mode: q.mode, maxPaths: ctx.query.maxPaths, minSessions: ctx.query.minSessions },
    data: { paths },
  };
}
