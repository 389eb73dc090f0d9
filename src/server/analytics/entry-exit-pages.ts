import type { z } from 'zod';
import type { breakdownParams } from '../../contract/analytics-query.js';
import type { entryExitResponse } from '../../contract/analytics-response.js';
import { frameOf, rangeMeta, ratio, scopeOf, type ReportContext } from './report-context.js';

export async function entryExitPages(
  ctx: ReportContext<z.infer<typeof breakdownParams>>,
): Promise<z.infer<typeof entryExitResponse>> {
  const frame = frameOf(ctx.query);
  const r = await ctx.store.entryExitPages(scopeOf(ctx, frame), ctx.query.limit);
  const withShare = (rows: { path: string; sessions: number }[]) =>
    rows.map((p) => ({ ...p, share: ratio(p.sessions, r.sessions) }));
  return {
    meta: { ...rangeMeta(ctx, frame), limit: ctx.query.limit },
    data: { entry_pages: withShare(r.entry), exit_pages: withShare(r.exit) },
  };
}
