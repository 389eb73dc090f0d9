import { z } from 'zod';
import { goals, metricRoles } from './experiment-goals.js';

// The decision block of a split test's detail (contract/experiments.ts), on its own: what the
// engine (server/experiments/engine) answers, field by field.

/** What a test's decision compares per visitor (docs/experiments.md, "The decision"). */
export const decisionMetrics = [
  'visitor_conversion_rate',
  'revenue_per_visitor',
  'session_seconds_per_visitor',
] as const;
export const decisionStatuses = [
  'keep_running',
  'too_early',
  'sample_ratio_mismatch',
  'looks_forged',
  'winner',
  'guardrail_hurt',
  'control_wins',
  'no_difference',
] as const;
const interval = z.tuple([z.number(), z.number()]).nullable();
/** A variant's comparison with the control on one metric (the control's has null uplift, p-value, …). */
const variantResult = z.object({
  label: z.string(),
  /** The metric's mean per visitor (for continuous goals after capping, and after CUPED when it applies). */
  mean: z.number(),
  /** Null for the control. */
  uplift: z.number().nullable(),
  uplift_interval: interval,
  difference: z.number().nullable(),
  difference_interval: interval,
  /** Always-valid p-value against the control, Holm-adjusted across the variants; null for the control. */
  p_value: z.number().nullable(),
  significant: z.boolean(),
  better: z.boolean(),
});
/** How far back a visitor's history before its first exposure counts for CUPED. */
export const PRE_EXPOSURE_DAYS = 14;
/**
 * CUPED (docs/experiments.md, "Variance reduction"): the visitors with history (a session in the 14
 * days before their first exposure), and the share of the metric's variance the adjustment removed
 * (0 when it could not help, e.g. nobody has history).
 */
const varianceReduction = z.object({
  visitors_with_history: z.number().int(),
  variance_reduction: z.number(),
});
/**
 * Extension (issue 42): the call on the test with the visitor as the unit, every variant against the
 * control with always-valid intervals (safe to read every day) and Holm's correction, a plan fixed by
 * the test's page before it began, and one sentence. docs/experiments.md, "The decision", gives every
 * formula.
 */
export const experimentDecision = z.object({
  metric: z.enum(decisionMetrics),
  status: z.enum(decisionStatuses),
  /** The winning variant's label (the control's when it wins); null without a call. */
  winner: z.string().nullable(),
  /** Variants also better than the control that the data cannot tell apart from the winner. */
  tied_with_winner: z.array(z.string()),
  /** Two-sided level of every decision, and the intervals' coverage (1 − level / (variants − 1)). */
  alpha: z.number(),
  interval_level: z.number(),
  /** Each variant on the goal, with its visitors (the control first). */
  variants: z.array(variantResult.extend({ visitors: z.number().int() })),
  /** The primary metric's variance reduction; null when the test has no visitors yet. */
  cuped: varianceReduction.nullable(),
  /**
   * Each of the test's more metrics (docs/experiments.md, "More metrics and guardrails"), every variant
   * against the control with the same engine; `hurt_by`: for a guardrail, the variants worse on it
   * with confidence, which cannot be called the winner.
   */
  metrics: z.array(
    z.object({
      goal: z.enum(goals),
      goal_target: z.string().nullable(),
      role: z.enum(metricRoles),
      /** The metric in a marketer's words ("revenue per visitor", "visitors who reached /thanks"). */
      name: z.string(),
      metric: z.enum(decisionMetrics),
      variants: z.array(variantResult.extend({ visitors: z.number().int() })),
      cuped: varianceReduction.nullable(),
      hurt_by: z.array(z.string()),
    }),
  ),
  /** Variants better than the control on the goal that a guardrail keeps from the call, with the guardrails' names. */
  held_back: z.array(z.object({ label: z.string(), guardrails: z.array(z.string()) })),
  sample_ratio: z.object({ p_value: z.number().nullable(), mismatch: z.boolean() }),
  plan: z.object({
    minimum_detectable_effect: z.number(),
    /**
     * What the plan is sized from: the test's page and goal over the 28 days before it began
     * (`before_test`), or, when the page had no visitors then, the control's first 7 days
     * (`control_first_week`, fixed once they have passed); null while neither has a visitor.
     */
    baseline: z
      .object({
        source: z.enum(['before_test', 'control_first_week']),
        visitors: z.number().int(),
        mean: z.number(),
      })
      .nullable(),
    planned_visitors_per_variant: z.number().int().nullable(),
    visitors: z.number().int(),
    /** The slowest variant's share of its plan (0–1); null without a plan. */
    progress: z.number().nullable(),
    reached: z.boolean(),
    days_left: z.number().int().nullable(),
  }),
  min_days: z.number().int(),
  days_running: z.number(),
  verdict: z.string(),
});
export type ExperimentDecision = z.infer<typeof experimentDecision>;
