import { z } from 'zod';
import { rangeParams } from './analytics-query.js';
import { rangeMetaSchema } from './analytics-response.js';
import { MAX_EVENT_NAME_LENGTH } from './event-limits.js';
import { MAX_PATTERN_WILDCARDS, wildcardCount } from './filters.js';

/**
 * Goals (issue 12 §3), an extension of the seed API: what a property counts as a conversion, and the
 * Goals report. What each kind matches is in docs/decisions.md "Goals".
 */
export const goalKinds = ['page', 'event', 'click', 'form'] as const;
export type GoalKind = (typeof goalKinds)[number];
export const MAX_GOALS = 100;

const count = z.number().int().min(0);
const ratio = z.number().min(0).max(1);

/** A page pattern as in the `matches` filter: `*` within one segment, `**` anything. */
export const pagePattern = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .regex(
    /^\/[^?#\s\u0000-\u001f\u007f]*$/,
    'a path starting with /, with * for one segment and ** for any run, without query string or fragment',
  )
  .refine((p) => wildcardCount(p) <= MAX_PATTERN_WILDCARDS, `a pattern has at most ${MAX_PATTERN_WILDCARDS} "*"`);
const selector = z.string().trim().min(1).max(512);
const goalName = z.string().trim().min(1).max(MAX_EVENT_NAME_LENGTH);

/** The definition by kind; `page` on a click or form goal narrows it to pages matching the pattern. */
export const goalDefinition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), page: pagePattern }),
  z.object({
    kind: z.literal('event'),
    event: goalName.meta({ description: 'The custom event name, exactly as `sightline.track` sends it.' }),
  }),
  z.object({
    kind: z.literal('click'),
    target: selector.meta({ description: "The clicked element's selector, as the clicks report shows it." }),
    page: pagePattern.optional(),
  }),
  z.object({
    kind: z.literal('form'),
    target: selector.optional().meta({ description: "The form's selector; any form when absent." }),
    source: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .optional()
      .meta({ description: "The form's `source` (data-source, name or id)." }),
    page: pagePattern.optional(),
  }),
]);
export type GoalDefinition = z.infer<typeof goalDefinition>;

export const createGoalBody = z.intersection(z.object({ name: goalName }), goalDefinition);
export type CreateGoalBody = z.infer<typeof createGoalBody>;

export const goal = z.intersection(
  z.object({ id: z.string(), name: z.string(), created_at: z.string() }),
  goalDefinition,
);
export type Goal = z.infer<typeof goal>;
export const goalsResponse = z.object({ data: z.array(goal) });
export const deletedGoalResponse = z.object({ id: z.string(), deleted: z.literal(true) });
export const goalIdParams = z.object({ goalId: z.string().min(1).max(64) });

export const goalsReportParams = rangeParams;
const revenue = z
  .array(z.object({ currency: z.string(), amount: z.number().min(0) }))
  .meta({ description: 'Per currency, never added across currencies.' });
export const goalsReportResponse = z.object({
  meta: z.intersection(rangeMetaSchema, z.object({ totals: z.object({ unique_visitors: count }) })),
  data: z.array(
    z.intersection(
      z.object({
        goal_id: z.string(),
        name: z.string(),
        visitors: count.meta({ description: 'Distinct visitors who converted in the range.' }),
        conversions: count.meta({ description: 'Matching events in the range.' }),
        conversion_rate: ratio.nullable().meta({
          description: "visitors ÷ the range's unique visitors; null when there is no base (no visitors in the range).",
        }),
        revenue,
      }),
      goalDefinition,
    ),
  ),
});
