import type { z } from 'zod';
import type { breakdownParams } from '../../contract/analytics-query.js';
import type { BreakdownResponse } from '../../contract/analytics-response.js';
import type { SegmentDimension, SegmentRow } from '../store/store.js';
import { frameOf, rangeMeta, ratio, scopeOf, type ReportContext } from './report-context.js';

const unknown = (v: string | null | undefined) => v ?? 'unknown';

export async function trafficBreakdown(
  ctx: ReportContext<z.infer<typeof breakdownParams>>,
): Promise<BreakdownResponse> {
  const frame = frameOf(ctx.query);
  const { rows, totals } = await ctx.store.segments(scopeOf(ctx, frame), ctx.query.limit);
  const of = (d: SegmentDimension) => rows.filter((r) => r.dimension === d);
  const figures = (r: SegmentRow) => ({
    sessions: r.sessions,
    page_views: r.page_views,
    share: ratio(r.sessions, totals.sessions),
  });
  return {
    meta: { ...rangeMeta(ctx, frame), limit: ctx.query.limit, totals },
    data: {
      utm: of('utm').map((r) => ({
        source: unknown(r.values[0]),
        medium: unknown(r.values[1]),
        campaign: unknown(r.values[2]),
        ...figures(r),
      })),
      countries: of('country').map((r) => ({ country: unknown(r.values[0]), ...figures(r) })),
      devices: of('device').map((r) => ({ device: unknown(r.values[0]), ...figures(r) })),
      landing_pages: of('landing_page').map((r) => ({ path: unknown(r.values[0]), ...figures(r) })),
      referrers: of('referrer').map((r) => ({ referrer: unknown(r.values[0]), ...figures(r) })),
      browsers: of('browser').map((r) => ({ browser: unknown(r.values[0]), ...figures(r) })),
      operating_systems: of('os').map((r) => ({ os: unknown(r.values[0]), ...figures(r) })),
    },
  };
}
