import type { z } from 'zod';
import type { FunnelResponse, funnelParams } from '../../contract/funnels.js';
import type { FunnelQuery, FunnelStepTarget } from '../store/store.js';
import { stepOfAnswer, stepTargets } from './funnel-step-goals.js';
import { frameOf, rangeMeta, rateOver, scopeOf, type ReportContext } from './report-context.js';

export type FunnelParams = z.infer<typeof funnelParams>;

export async function funnelQueryOf(
  ctx: ReportContext<FunnelParams>,
): Promise<{ frame: ReturnType<typeof frameOf>; q: FunnelQuery }> {
  const frame = frameOf(ctx.query);
  const steps = await stepTargets(ctx.store, ctx.propertyIds, ctx.query.steps, 'query', ctx.goals);
  return { frame, q: { scope: scopeOf(ctx, frame), steps, mode: ctx.query.mode, breakdownBy: ctx.query.breakdownBy } };
}

/**
 * Step list with conversion from the previous step (step 1 is 1.0) and first-to-last overall; a
 * rate whose previous (or first) step no session reached is null, as there is nothing to convert.
 */
export function stepList(steps: FunnelStepTarget[], reached: number[]) {
  return {
    steps: steps.map((target, i) => ({
      step: i + 1,
      ...stepOfAnswer(target),
      sessions: reached[i],
      conversion_rate: i === 0 ? (reached[0] > 0 ? 1 : null) : rateOver(reached[i], reached[i - 1]),
    })),
    overall_conversion_rate: rateOver(reached[reached.length - 1], reached[0]),
  };
}

export async function funnel(ctx: ReportContext<FunnelParams>): Promise<FunnelResponse> {
  const { frame, q } = await funnelQueryOf(ctx);
  const rows = await ctx.store.funnel(q, ctx.query.limit);
  const total = rows.find((r) => r.value === null)?.reached ?? q.steps.map(() => 0);
  const data: FunnelResponse['data'] = stepList(q.steps, total);
  if (q.breakdownBy) {
    data.breakdown = rows
      .filter((r) => r.value !== null && r.reached[0] > 0)
      .map((r) => ({ value: r.value as string, ...stepList(q.steps, r.reached) }));
  }
  return {
    meta: { ...rangeMeta(ctx, frame), mode: q.mode, ...(q.breakdownBy ? { breakdownBy: q.breakdownBy } : {}) },
    data,
  };
}
