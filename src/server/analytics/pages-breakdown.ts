import type { z } from 'zod';
import type { pagesBreakdownParams } from '../../contract/analytics-query.js';
import type { pagesBreakdownResponse } from '../../contract/analytics-response.js';
import { frameOf, rangeMeta, scopeOf, type ReportContext } from './report-context.js';

export async function pagesBreakdown(
  ctx: ReportContext<z.infer<typeof pagesBreakdownParams>>,
): Promise<z.infer<typeof pagesBreakdownResponse>> {
  const frame = frameOf(ctx.query);
  const rows = await ctx.store.pages(scopeOf(ctx, frame), ctx.query.limit);
  return { meta: { ...rangeMeta(ctx, frame), limit: ctx.query.limit }, data: rows };
}
