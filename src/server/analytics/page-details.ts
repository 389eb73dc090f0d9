import type { z } from 'zod';
import type { pageDetailsParams } from '../../contract/analytics-query.js';
import type { PageDetailsResponse } from '../../contract/analytics-response.js';
import { frameOf, rangeMeta, ratio, scopeOf, type ReportContext } from './report-context.js';

/** One page's figures; its breakdowns share the page's views (`share` is per page view). */
export async function pageDetails(ctx: ReportContext<z.infer<typeof pageDetailsParams>>): Promise<PageDetailsResponse> {
  const frame = frameOf(ctx.query);
  const { totals, rows } = await ctx.store.pageDetails(scopeOf(ctx, frame), ctx.query.page, ctx.query.limit);
  const views = (r: { page_views: number }) => ({
    page_views: r.page_views,
    share: ratio(r.page_views, totals.page_views),
  });
  const u = (v: string | null) => v ?? 'unknown';
  return {
    meta: { ...rangeMeta(ctx, frame), page: ctx.query.page, limit: ctx.query.limit },
    data: {
      ...totals,
      utm: rows
        .filter((r) => r.dimension === 'utm')
        .map((r) => ({ source: u(r.values[0]), medium: u(r.values[1]), campaign: u(r.values[2]), ...views(r) })),
      devices: rows.filter((r) => r.dimension === 'device').map((r) => ({ device: u(r.values[0]), ...views(r) })),
      countries: rows.filter((r) => r.dimension === 'country').map((r) => ({ country: u(r.values[0]), ...views(r) })),
    },
  };
}
