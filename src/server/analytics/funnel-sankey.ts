import type { z } from 'zod';
import type { sankeyParams, sankeyResponse } from '../../contract/funnels.js';
import { funnelQueryOf } from './funnel.js';
import { rangeMeta, type ReportContext } from './report-context.js';

// A session's nodes (pages from step 1's first view up to completion, or then a drop-off) are
// described in store/sankey-nodes.ts; the store returns each node list once with its sessions.

export async function funnelSankey(
  ctx: ReportContext<z.infer<typeof sankeyParams>>,
): Promise<z.infer<typeof sankeyResponse>> {
  const { frame, q } = await funnelQueryOf(ctx);
  const { maxPaths, minSessions } = ctx.query;
  const found = await ctx.store.sankeyPaths(q, Math.min(q.steps.length + 4, 24), { maxPaths, minSessions });
  // Equal counts by their nodes (the store gives every path tied with the last place).
  const keyed = found.map((p) => ({ p, key: p.nodes.join('\u0000') }));
  const paths = keyed
    .sort((a, b) => b.p.sessions - a.p.sessions || a.key.localeCompare(b.key))
    .slice(0, maxPaths)
    .map(({ p }) => p);
  return {
    meta: { ...rangeMeta(ctx, frame), mode: q.mode, maxPaths, minSessions },
    data: { paths },
  };
}
