import type { z } from 'zod';
import type { realtimeResponse } from '../../contract/analytics-response.js';
import { filtersOf, type ReportContext } from './report-context.js';

export async function trafficRealtime(ctx: ReportContext<unknown>): Promise<z.infer<typeof realtimeResponse>> {
  const r = await ctx.store.realtime(ctx.propertyIds, ctx.now, filtersOf(ctx), ctx.goals);
  return {
    meta: ctx.scopeMeta,
    data: {
      active_visitors: r.active_visitors,
      feed: r.feed.map((e) => ({
        page: e.page,
        referrer: e.referrer,
        device: e.device ?? 'unknown',
        country: e.country ?? 'unknown',
        timestamp: e.timestamp.toISOString(),
      })),
    },
  };
}
