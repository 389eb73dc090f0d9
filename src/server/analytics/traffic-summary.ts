import type { z } from 'zod';
import type { summaryQuery } from '../../contract/analytics-query.js';
import type { SummaryResponse } from '../../contract/analytics-response.js';
import { frameOf, rangeMeta, ratio, scopeOf, type ReportContext } from './report-context.js';

export async function trafficSummary(ctx: ReportContext<z.infer<typeof summaryQuery>>): Promise<SummaryResponse> {
  const frame = frameOf(ctx.query);
  const s = await ctx.store.trafficSummary(scopeOf(ctx, frame));
  return {
    meta: rangeMeta(ctx, frame),
    data: {
      page_views: s.page_views,
      sessions: s.sessions,
      unique_visitors: s.unique_visitors,
      bounce_rate: ratio(s.bounces, s.sessions),
      avg_session_duration: Math.round(ratio(s.duration_seconds_total, s.sessions) * 10) / 10,
    },
  };
}
