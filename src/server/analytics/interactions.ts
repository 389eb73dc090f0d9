import type { z } from 'zod';
import type {
  formDetailsParams,
  formsParams,
  interactionDetailsParams,
  interactionsParams,
} from '../../contract/analytics-query.js';
import type {
  clickDetailsResponse,
  clicksBreakdownResponse,
  formDetailsResponse,
  formsBreakdownResponse,
} from '../../contract/analytics-response.js';
import type { InteractionReport, InteractionRow } from '../store/store.js';
import {
  bucketedScopeOf,
  bucketsOf,
  frameOf,
  rangeMeta,
  rateOver,
  ratio,
  zeroFilled,
  type ReportContext,
} from './report-context.js';

type BreakdownQ = z.infer<typeof interactionsParams> & { source?: string };
type DetailsQ = z.infer<typeof interactionDetailsParams> & { source?: string };

async function load(ctx: ReportContext<BreakdownQ | DetailsQ>, type: 'click' | 'form_submit', page?: string) {
  const frame = frameOf(ctx.query);
  const buckets = bucketsOf(frame, ctx.query.granularity);
  const group = 'group' in ctx.query ? ctx.query.group : undefined;
  const report = await ctx.store.interactions(bucketedScopeOf(ctx, frame, ctx.query.granularity), type, {
    limit: ctx.query.limit,
    page,
    source: ctx.query.source,
    group,
  });
  const meta = {
    ...rangeMeta(ctx, frame),
    granularity: ctx.query.granularity,
    bucket_count: buckets.length,
    limit: ctx.query.limit,
  };
  const trend = zeroFilled(buckets, report.trend, { count: 0, unique: 0 });
  return { report, meta: group ? { ...meta, group } : meta, trend };
}

/** A row's count over the page views of its page (or, grouped by element, of the pages it was used on); null without any. */
const rateOf = (r: InteractionRow) => rateOver(r.count, r.page_views);

const clickFigures = (r: { count: number; unique: number }) => ({ clicks: r.count, unique_clicks: r.unique });
/** `unique_sessions` repeats the unique count under its legacy name. */
const formFigures = (r: { count: number; unique: number }) => ({
  submissions: r.count,
  unique_submissions: r.unique,
  unique_sessions: r.unique,
});
const clickSummary = (t: InteractionReport['total']) => ({ total_clicks: t.count, total_unique_clicks: t.unique });
const formSummary = (t: InteractionReport['total']) => ({
  total_submissions: t.count,
  total_unique_submissions: t.unique,
  unique_sessions: t.unique,
});

export async function clicksBreakdown(
  ctx: ReportContext<BreakdownQ>,
): Promise<z.infer<typeof clicksBreakdownResponse>> {
  const { report, meta, trend } = await load(ctx, 'click');
  return {
    meta,
    data: report.rows.map((r) => ({
      page: r.page,
      target: r.target,
      label: r.label,
      ...clickFigures(r),
      click_through_rate: rateOf(r),
    })),
    trend: trend.map(({ count, unique, ...b }) => ({ ...b, ...clickFigures({ count, unique }) })),
    summary: clickSummary(report.total),
  };
}

export async function clickDetails(ctx: ReportContext<DetailsQ>): Promise<z.infer<typeof clickDetailsResponse>> {
  const { report, meta, trend } = await load(ctx, 'click', ctx.query.page);
  return {
    meta: { ...meta, page: ctx.query.page },
    data: {
      clicks: report.rows.map((r) => ({
        target: r.target,
        label: r.label,
        ...clickFigures(r),
        share: ratio(r.count, report.total.count),
        click_through_rate: rateOf(r),
      })),
    },
    trend: trend.map(({ count, unique, ...b }) => ({ ...b, ...clickFigures({ count, unique }) })),
    summary: clickSummary(report.total),
  };
}

export async function formsBreakdown(
  ctx: ReportContext<z.infer<typeof formsParams>>,
): Promise<z.infer<typeof formsBreakdownResponse>> {
  const { report, meta, trend } = await load(ctx, 'form_submit');
  return {
    meta,
    data: report.rows.map((r) => ({
      page: r.page,
      target: r.target,
      label: r.label,
      ...formFigures(r),
      submission_rate: rateOf(r),
    })),
    trend: trend.map(({ count, unique, ...b }) => ({ ...b, ...formFigures({ count, unique }) })),
    summary: formSummary(report.total),
  };
}

export async function formDetails(
  ctx: ReportContext<z.infer<typeof formDetailsParams>>,
): Promise<z.infer<typeof formDetailsResponse>> {
  const { report, meta, trend } = await load(ctx, 'form_submit', ctx.query.page);
  return {
    meta: { ...meta, page: ctx.query.page },
    data: {
      forms: report.rows.map((r) => ({
        target: r.target,
        label: r.label,
        ...formFigures(r),
        share: ratio(r.count, report.total.count),
        submission_rate: rateOf(r),
      })),
    },
    trend: trend.map(({ count, unique, ...b }) => ({ ...b, ...formFigures({ count, unique }) })),
    summary: formSummary(report.total),
  };
}
