import type { z } from 'zod';
import type { goalsReportParams, goalsReportResponse } from '../../contract/goals.js';
import { goalToApi } from '../routes/goal-routes.js';
import { frameOf, rangeMeta, rateOver, scopeOf, type ReportContext } from './report-context.js';

/**
 * Each goal of the property with its converting visitors, conversions, conversion rate (over the
 * range's unique visitors, under the same filters) and revenue per currency, in the goals' order.
 */
export async function goalsReport(
  ctx: ReportContext<z.infer<typeof goalsReportParams>>,
): Promise<z.infer<typeof goalsReportResponse>> {
  const frame = frameOf(ctx.query);
  const scope = scopeOf(ctx, frame);
  const goals = (await Promise.all(ctx.propertyIds.map((id) => ctx.store.listGoals(id)))).flat();
  const [figures, summary] = await Promise.all([ctx.store.goalFigures(scope, goals), ctx.store.trafficSummary(scope)]);
  return {
    meta: { ...rangeMeta(ctx, frame), totals: { unique_visitors: summary.unique_visitors } },
    data: goals.map((g, i) => {
      const { id, created_at: _created, ...definition } = goalToApi(g);
      const f = figures[i];
      return {
        goal_id: id,
        ...definition,
        visitors: f.visitors,
        conversions: f.conversions,
        conversion_rate: rateOver(f.visitors, summary.unique_visitors),
        revenue: f.revenue,
      };
    }),
  };
}
