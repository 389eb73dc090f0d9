import { z } from 'zod';
import { rangeParams, limitParam } from './analytics-query.js';
import { rangeMetaSchema } from './analytics-response.js';
import { pagePath } from './common.js';
import { filterList, filtersParam } from './filters.js';

export const MAX_FUNNEL_STEPS = 20;
export const funnelModes = ['unbounded', 'sequential'] as const;
export const funnelDimensions = [
  'device',
  'country',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer',
  'entry_page',
  'browser',
  'os',
] as const;

const stepGoal = z.string().trim().min(1).max(64).meta({
  description:
    "The id of one of the property's goals (`gol_…`): a session reaches the step with an event the goal counts.",
});

/**
 * A step is a page, the seed's `{"page": "/path"}`, or (an extension, issue 12) one of the property's
 * goals, `{"goal": "gol_…"}`. One object with both keys optional, not a union, so a bad page is still
 * a 400 on `steps.N.page`; decoded to exactly one of the two.
 */
export const funnelStep = z
  .object({ page: pagePath.optional(), goal: stepGoal.optional() })
  .meta({ description: 'Exactly one of `page` and `goal`.' })
  .refine((s) => (s.page === undefined) !== (s.goal === undefined), {
    message: 'a step is {"page": "/path"} or {"goal": "gol_…"}, one of the two',
  })
  .transform((s): FunnelStep => (s.goal !== undefined ? { goal: s.goal } : { page: s.page! }));
export const funnelSteps = z.array(funnelStep).min(1).max(MAX_FUNNEL_STEPS);
/** A step as the API takes it and a saved funnel keeps it; the other key is never there. */
export type FunnelStep = { page: string; goal?: undefined } | { goal: string; page?: undefined };

/** `steps` arrives as URL-encoded JSON; a parse failure is a 400 on `steps` like any other. */
const stepsParam = z
  .string()
  .max(20_000)
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'steps must be a URL-encoded JSON array of {"page": "/path"} (or {"goal": "gol_…"}) objects',
      });
      return z.NEVER;
    }
  })
  .pipe(funnelSteps)
  .meta({
    description:
      "URL-encoded JSON array of step objects, each with `page` (a path) or, an extension, `goal` (the id of one of the property's goals).",
    example: '[{"page":"/"},{"page":"/pricing"}]',
  });

export const funnelParams = rangeParams.extend({
  steps: stepsParam,
  mode: z.enum(funnelModes).default('unbounded'),
  breakdownBy: z.enum(funnelDimensions).optional(),
  limit: limitParam(10, 50).meta({ description: 'Breakdown values returned (default 10, maximum 50).' }),
});

export const sankeyParams = funnelParams.extend({
  maxPaths: z.coerce.number().int().min(1).max(200).default(20),
  minSessions: z.coerce.number().int().min(1).max(1_000_000_000).default(1),
});

export const suggestionsParams = z.object({ page: pagePath, filters: filtersParam });

const count = z.number().int().min(0);
const ratio = z.number().min(0).max(1);
/** No session reached the step before (or the first): nothing to convert, so null (docs/decisions.md "Rates without a base"). */
const rate = ratio.nullable().meta({
  description: 'null when there is no base (no session reached the previous step; for step 1 and overall, the first).',
});
const stepNumber = z.number().int().min(1);
/** A page step as the seed answers it; a goal step (extension) names its goal by id and by name instead of `page`. */
// `never` on the other kind's keys: a reader may ask any step for `page` or `goal` and get undefined.
const stepResult = z.union([
  z.object({ step: stepNumber, page: z.string(), goal: z.never().optional(), sessions: count, conversion_rate: rate }),
  z.object({
    step: stepNumber,
    goal: z.string(),
    name: z.string().meta({ description: "The goal's name." }),
    page: z.never().optional(),
    sessions: count,
    conversion_rate: rate,
  }),
]);
const stepList = { steps: z.array(stepResult), overall_conversion_rate: rate };

export const funnelResponse = z.object({
  meta: z.intersection(
    rangeMetaSchema,
    z.object({ mode: z.enum(funnelModes), breakdownBy: z.enum(funnelDimensions).optional() }),
  ),
  data: z.object({
    ...stepList,
    breakdown: z
      .array(z.object({ value: z.string(), ...stepList }))
      .optional()
      .meta({
        description:
          'With `breakdownBy`: one step list per dimension value (top `limit` by step-1 sessions); missing values are `unknown`.',
      }),
  }),
});

/**
 * How the sankey names the node of a goal step's event, before the goal's name ("Goal: Signup"; an
 * event converting two goal steps' goals at once names both, "Goal: A + B"). Pages start with `/`.
 */
export const GOAL_NODE_PREFIX = 'Goal: ';
/** Ends the sankey path of a session that left without completing the funnel. */
export const DROP_OFF = '(drop-off)';
/** Ends a sankey path that was cut at the node limit while the session went on without completing. */
export const CONTINUES = '(continues)';

export const sankeyResponse = z.object({
  meta: z.intersection(rangeMetaSchema, z.object({ mode: z.enum(funnelModes), maxPaths: count, minSessions: count })),
  data: z.object({ paths: z.array(z.object({ nodes: z.array(z.string()), sessions: count })) }),
});

export const suggestionsResponse = z.object({
  meta: z.object({ property_id: z.string(), page: z.string() }),
  data: z.array(z.object({ name: z.string(), steps: z.array(z.object({ page: z.string() })), rationale: z.string() })),
});

/**
 * What a saved funnel keeps beside the seed's `name` and `steps` (an extension, so a seed client's
 * body still saves and its reader still parses). `filters` is the `filters` parameter's list as JSON,
 * `[operator, dimension, values]` tuples. Each is answered only when the funnel has it: one saved
 * without them reads back as the seed's resource (docs/decisions.md "Saved funnels").
 */
const funnelModeField = z
  .enum(funnelModes)
  .meta({ description: "How steps are matched, as the funnel endpoint's `mode`; absent: `unbounded`." });
const funnelBreakdownField = z
  .enum(funnelDimensions)
  .meta({ description: 'The breakdown the funnel is read with; absent: none.' });
const funnelFiltersField = filterList.meta({
  description:
    'The filters the funnel is read with, `[operator, dimension, values]` tuples as in the `filters` query parameter; absent or `[]`: none.',
  example: [['is', 'device', ['mobile']]],
});

export const savedFunnel = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(
    z.union([
      z.object({ page: z.string(), goal: z.never().optional() }),
      z.object({ goal: z.string(), page: z.never().optional() }),
    ]),
  ),
  mode: funnelModeField.optional(),
  breakdownBy: funnelBreakdownField.optional(),
  filters: funnelFiltersField.optional(),
  created_at: z.string(),
});
export const saveFunnelBody = z.object({
  id: z.string().min(1).max(64).optional(),
  name: z.string().trim().min(1).max(200),
  steps: funnelSteps,
  // Left out of an update, each keeps what the funnel had (a seed client renaming a funnel keeps its mode);
  // `breakdownBy: null` removes the breakdown, `filters: []` the filters.
  mode: funnelModeField.optional(),
  breakdownBy: funnelBreakdownField.nullable().optional(),
  filters: funnelFiltersField.optional(),
});
export const savedFunnelResponse = savedFunnel;
export const savedFunnelsResponse = z.object({ data: z.array(savedFunnel) });
export const deletedFunnelResponse = z.object({ id: z.string(), deleted: z.literal(true) });

export type FunnelResponse = z.infer<typeof funnelResponse>;
export type SavedFunnel = z.infer<typeof savedFunnel>;
export type SaveFunnelBody = z.infer<typeof saveFunnelBody>;
export type FunnelMode = (typeof funnelModes)[number];
export type FunnelDimension = (typeof funnelDimensions)[number];
