import type { z } from 'zod';
import type { summaryParams } from '../../contract/analytics-query.js';
import type { SummaryResponse } from '../../contract/analytics-response.js';
import { frameOf, rangeMeta, rateOver, scopeOf, type ReportContext } from './report-context.js';

const roundedTenth = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

export async function trafficSummary(ctx: ReportContext<z.infer<typeof summaryParams>>): Promise<SummaryResponse> {
  const frame = frameOf(ctx.query);
  const s = await ctx.store.trafficSummary(scopeOf(ctx, frame));
  return {
    meta: rangeMeta(ctx, frame),
    data: {
      page_views: s.page_views,
      sessions: s.sessions,
      unique_visitors: s.unique_visitors,
      bounce_rate: rateOver(s.bounces, s.sessions),
      avg_session_duration: roundedTenth(rateOver(s.duration_seconds_total, s.sessions)),
    },
  };
}
