import type { z } from 'zod';
import type { trendsParams } from '../../contract/analytics-query.js';
import type { TrendsResponse } from '../../contract/analytics-response.js';
import { bucketedScopeOf, bucketsOf, frameOf, rangeMeta, zeroFilled, type ReportContext } from './report-context.js';

export async function trafficTrends(ctx: ReportContext<z.infer<typeof trendsParams>>): Promise<TrendsResponse> {
  const frame = frameOf(ctx.query);
  const buckets = bucketsOf(frame, ctx.query.granularity);
  const result = await ctx.store.trafficTrend(bucketedScopeOf(ctx, frame, ctx.query.granularity));
  return {
    meta: { ...rangeMeta(ctx, frame), granularity: ctx.query.granularity, bucket_count: buckets.length },
    data: zeroFilled(buckets, result.buckets, { page_views: 0, unique_visitors: 0 }),
    summary: { page_views: result.page_views, unique_visitors: result.unique_visitors },
  };
}
