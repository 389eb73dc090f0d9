import { z } from 'zod';
import { pagePath, propertyId } from './common.js';
import { experimentDecision } from './experiment-decision.js';
import { cssValueProblem, imageUrlProblem } from './change-values.js';
import { selectedTagNames, selectorProblem } from './css-selector.js';
import { PROTECTED_ELEMENTS, STRUCTURAL_OPS } from './protected-elements.js';
import { goalDefinition } from './goals.js';
import {
  DEFAULT_GOAL,
  experimentMetricInput,
  goals,
  goalTargetIssues,
  MAX_METRICS,
  metricIssues,
  metricRoles,
} from './experiment-goals.js';

export {
  DEFAULT_GOAL,
  DEFAULT_SESSION_TIME_SECONDS,
  goals,
  hasScheme,
  MAX_METRICS,
  MAX_SESSION_TIME_SECONDS,
  metricRoles,
} from './experiment-goals.js';

export const experimentTypes = ['nocode', 'redirect'] as const;
export const experimentStatuses = ['active', 'complete'] as const;
export const changeOps = ['text', 'css', 'html', 'image', 'delete', 'duplicate'] as const;

export const MAX_VARIANTS = 10;
export const MAX_CHANGES = 50;
// Every running test rides in its property's `/sightline.js?p=`, loaded synchronously in the <head> of
// every page of the site: these three bound that script (20 × 50,000 characters at worst).
/** Characters of one change's value: a text, html or image string, or a css object as JSON. */
export const MAX_CHANGE_SIZE = 20_000;
/** Characters of a split test's variants as JSON. */
export const MAX_TEST_SIZE = 50_000;
/** Split tests running at once in one property. */
export const MAX_RUNNING_TESTS = 20;
export const MAX_AUTO_STOP_DAYS = 365;
/** The most whole days a test may wait before a call. */
export const MAX_MIN_DAYS = 90;

/** CSS as camel-case properties (`backgroundColor`), the way the tracker applies them to `element.style`. */
export const cssValue = z.record(
  z.string().regex(/^-?[a-zA-Z][a-zA-Z0-9]*$/, 'CSS properties in camel case, e.g. backgroundColor'),
  z.union([z.string().max(500), z.number()]),
);

const storedSelector = z.string().min(1).max(512);
/** A selector the page script can use: a CSS selector list its querySelectorAll accepts, no pseudo-elements. */
export const changeSelector = storedSelector.superRefine((selector, ctx) => {
  const problem = selector.length > 0 && selector.length <= 512 ? selectorProblem(selector) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const changeWith = (selector: typeof storedSelector) =>
  z.discriminatedUnion('op', [
    z.object({ selector, op: z.literal('css'), value: cssValue }),
    z.object({ selector, op: z.enum(['text', 'html', 'image']), value: z.string().max(MAX_CHANGE_SIZE) }),
    // The spec: ignored for delete/duplicate, but must be present (an empty string).
    z.object({
      selector,
      op: z.enum(['delete', 'duplicate']),
      value: z.string().max(0, 'must be an empty string for delete and duplicate'),
    }),
  ]);
const STRUCTURAL = new Set(STRUCTURAL_OPS.split(' '));
const PROTECTED = new Set(PROTECTED_ELEMENTS.split(','));
/** A change as a client sends it: the selector must parse (css-selector.ts), a css value stays under the size cap, images and styles carry no script URL. */
export const change = changeWith(changeSelector).superRefine((c, ctx) => {
  const size = c.op === 'css' ? JSON.stringify(c.value).length : 0;
  if (size > MAX_CHANGE_SIZE)
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: `the css comes to ${size} characters; at most ${MAX_CHANGE_SIZE}`,
    });
  const protectedTag = STRUCTURAL.has(c.op)
    ? selectedTagNames(c.selector)?.find((tag) => PROTECTED.has(tag))
    : undefined;
  if (protectedTag)
    ctx.addIssue({
      code: 'custom',
      path: ['selector'],
      message: `a ${c.op} change cannot target <${protectedTag}>: experiments change a page's content, not its ${PROTECTED_ELEMENTS.replaceAll(',', ', ')} elements`,
    });
  // No script URL in an image or a style, even where browsers would not run it (change-values.ts).
  const image = c.op === 'image' ? imageUrlProblem(c.value) : null;
  if (image) ctx.addIssue({ code: 'custom', path: ['value'], message: image });
  for (const [property, value] of c.op === 'css' ? Object.entries(c.value) : []) {
    const problem = cssValueProblem(property, value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value', property], message: problem });
  }
});
/** A change as served: tests saved before the selector rule still read back. */
const storedChange = changeWith(storedSelector);
export type Change = z.infer<typeof change>;

// `//host/…` and `/\host` look like paths but a browser reads them as another site (and `\` as `/`).
const offSite = /^\/[/\\]|\\/;
/** A path of the property's own site, as a redirect variant may send visitors to. */
export const sitePath = pagePath.refine(
  (p) => !offSite.test(p),
  "a path of the property's own site (//… and \\ lead to other sites)",
);
const REDIRECT_URL_HELP = "a path of the property's own site (/pricing-b) or an http(s) URL on its domain";
/**
 * Where a redirect variant sends visitors: a path of the site, or an absolute http(s) URL, which the
 * create route accepts only on the property's domain (`redirectPathOn`) and stores as its path.
 */
export const redirectUrl = z
  .string()
  .min(1)
  .max(2048)
  .superRefine((url, ctx) => {
    const fits = /^https?:\/\//i.test(url) ? URL.canParse(url) && !url.includes('\\') : sitePath.safeParse(url).success;
    if (!fits) ctx.addIssue({ code: 'custom', message: REDIRECT_URL_HELP });
  });
/** The path a redirect URL (already `redirectUrl`) leads to on a property served from `domain`, or why it may not. */
export function redirectPathOn(url: string, domain: string | null): { path: string } | { problem: string } {
  if (!/^https?:\/\//i.test(url)) return { path: url };
  if (!domain)
    return { problem: 'the property has no domain, so only a path of its site (/pricing-b) can be a redirect target' };
  const target = new URL(url);
  if (target.host !== domain.toLowerCase() || target.username || target.password)
    return { problem: `${REDIRECT_URL_HELP} (${domain})` };
  if (target.search || target.hash) return { problem: "no query string or fragment: the visitor's own are kept" };
  return sitePath.safeParse(target.pathname).success ? { path: target.pathname } : { problem: REDIRECT_URL_HELP };
}

/** An ISO 4217 currency code, as payments carry it (contract/events.ts). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217, three upper-case letters, e.g. EUR');
const label = z.string().trim().min(1).max(100).optional();
export const nocodeVariantInput = z.object({ label, changes: z.array(change).min(1).max(MAX_CHANGES) });
export const redirectVariantInput = z.object({ label, url: redirectUrl });

/** The fields every new test takes, whatever its type (exports check their tests' plan settings by them). */
export const createExperimentFields = {
  name: z.string().trim().min(1).max(200),
  page: pagePath,
  goal: z.enum(goals).optional(),
  /** What a destination_page (a path), external_destination (a URL prefix or a host), session_time (seconds) or goal (a goal's id) goal counts. */
  goal_target: z.string().min(1).max(2048).optional(),
  auto_stop_days: z.number().int().min(1).max(MAX_AUTO_STOP_DAYS).optional(),
  /**
   * Extension: the one currency (ISO 4217) the test's revenue figures count, whatever the goal; for the
   * `revenue` goal also the payments that convert. Without it, the currency of most of the property's
   * payments in the 30 days before creation (docs/decisions.md, "Split tests: revenue in one currency").
   */
  currency: currencyCode.optional(),
  /**
   * Extension: the decision's plan (docs/experiments.md, "The decision"): the smallest relative change
   * of the metric worth finding (0.1 = 10%, the default) and the whole days before any call (7).
   */
  minimum_detectable_effect: z.number().min(0.01).max(2).optional(),
  min_days: z.number().int().min(1).max(MAX_MIN_DAYS).optional(),
  /**
   * Extension: up to five more metrics the test reports per variant, each a goal as the test's own
   * (`goal`, `goal_target`) with a role: `secondary` (read beside the goal) or `guardrail` (the
   * winner must not be worse on it). docs/experiments.md, "More metrics and guardrails".
   */
  metrics: z.array(experimentMetricInput).max(MAX_METRICS).optional(),
};

export const createExperimentBody = z
  .discriminatedUnion('type', [
    z.object({
      ...createExperimentFields,
      type: z.literal('nocode'),
      variants: z.array(nocodeVariantInput).min(1).max(MAX_VARIANTS),
    }),
    z.object({
      ...createExperimentFields,
      type: z.literal('redirect'),
      variants: z.array(redirectVariantInput).min(1).max(MAX_VARIANTS),
    }),
  ])
  .superRefine((body, ctx) => {
    const size = JSON.stringify(body.variants).length;
    if (size > MAX_TEST_SIZE) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants'],
        message: `the variants come to ${size} characters; at most ${MAX_TEST_SIZE} per test (each rides in the page script)`,
      });
    }
    if (body.type === 'redirect') {
      const seen = new Set<string>();
      body.variants.forEach((v, i) => {
        if (v.url === body.page)
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'url'],
            message: 'must differ from the experiment page',
          });
        if (seen.has(v.url))
          ctx.addIssue({ code: 'custom', path: ['variants', i, 'url'], message: 'must be unique across variants' });
        seen.add(v.url);
      });
    }
    goalTargetIssues(body.goal ?? DEFAULT_GOAL, body.goal_target, ctx, ['goal_target']);
    metricIssues(body, ctx);
  });
export type CreateExperimentBody = z.infer<typeof createExperimentBody>;

export const updateExperimentBody = z
  .object({
    name: createExperimentFields.name.optional(),
    auto_stop_days: z.number().int().min(1).max(MAX_AUTO_STOP_DAYS).nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.auto_stop_days !== undefined, {
    message: 'send name and/or auto_stop_days',
    path: ['name'],
  });
export const stopExperimentBody = z.object({ reason: z.string().trim().min(1).max(500).optional() }).optional();
export const listExperimentsParams = z.object({
  status: z.enum(experimentStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Extension: `true` lists only archived tests; without it (or `false`) archived tests are left out. */
  archived: z.enum(['true', 'false']).optional(),
});

const stamp = z.string();
/** A `goal` test's goal as it was defined when the test was created: the test counts by this, whatever becomes of the goal. */
export const experimentGoalDefinition = z.intersection(z.object({ name: z.string() }), goalDefinition);
export type ExperimentGoalDefinition = z.infer<typeof experimentGoalDefinition>;
const variantOut = z.object({
  label: z.string(),
  is_control: z.boolean(),
  changes: z.array(storedChange),
  url: z.string().optional(),
});
const experimentCore = {
  experiment_id: z.string(),
  name: z.string(),
  page: z.string(),
  type: z.enum(experimentTypes),
  status: z.enum(experimentStatuses),
  goal: z.enum(goals),
  goal_target: z.string().nullable(),
  /** Only for the `goal` goal: the goal `goal_target` names, as the test counts it. */
  goal_definition: experimentGoalDefinition.optional(),
  created_at: stamp,
  auto_stop_days: z.number().int().nullable(),
  /** Extension: the test's more metrics (createExperimentFields' `metrics`), as it counts them; [] when it has none. */
  metrics: z
    .array(
      z.object({
        goal: z.enum(goals),
        goal_target: z.string().nullable(),
        role: z.enum(metricRoles),
        goal_definition: experimentGoalDefinition.optional(),
      }),
    )
    .optional(),
  /**
   * Extension: the one currency the revenue figures count; other currencies are listed apart per
   * variant (`other_revenue`), never added. Null while the property has had no payment to decide it.
   */
  currency: z.string().nullable().optional(),
};

export const experimentResponse = z.object({ ...experimentCore, variants: z.array(variantOut) });
export const experimentListResponse = z.object({
  data: z.array(
    z.object({
      experiment_id: z.string(),
      name: z.string(),
      page: z.string(),
      status: z.enum(experimentStatuses),
      goal: z.enum(goals),
      created_at: stamp,
      variant_count: z.number().int(),
      /** Extension: when the test was archived; absent (or null) when it is not. */
      archived_at: stamp.nullable().optional(),
    }),
  ),
});

/**
 * Per-variant statistics against the control, a summary of `decision.variants` (docs/experiments.md,
 * "The decision"): the relative uplift of the metric per visitor with its always-valid interval, the
 * Holm-adjusted always-valid p-value, and whether that makes the variant significantly better or worse.
 */
export const variantStats = z.object({
  uplift: z.number().nullable(),
  uplift_interval: z.tuple([z.number(), z.number()]).nullable(),
  p_value: z.number().min(0).max(1).nullable(),
  significant: z.boolean(),
  better: z.boolean(),
  /**
   * Extension: why figures above are null — `no_sessions` (an arm has no visitors), `no_conversions`
   * (neither this variant nor the control has a visitor who converted or a value: nothing to compare
   * yet), `no_control_conversions` (the uplift needs the control's mean). Absent when all are given.
   */
  unavailable_reason: z.enum(['no_sessions', 'no_conversions', 'no_control_conversions']).optional(),
});
export const experimentDetailResponse = z.object({
  ...experimentCore,
  stopped_at: stamp.nullable(),
  reason: z.string().nullable(),
  /** Extension: when the test was archived (hidden from the default list); absent (or null) when it is not. */
  archived_at: stamp.nullable().optional(),
  variants: z.array(
    variantOut.extend({
      sessions: z.number().int(),
      conversions: z.number().int(),
      conversion_rate: z.number(),
      /** Sum of the `amount` of the revenue events in the test's `currency` of the variant's sessions after exposure, whatever the goal. */
      revenue: z.number(),
      revenue_per_session: z.number(),
      /** Extension: the same sessions' payments in every other currency, per currency (sorted), never added to `revenue`. */
      other_revenue: z.array(z.object({ currency: z.string(), amount: z.number() })).optional(),
      /**
       * Extension: the visitor as the unit (docs/experiments.md, "Visitors"): the distinct visitors
       * whose first counted exposure was to this variant, those who reached the goal in any session
       * from then on, and their share.
       */
      visitors: z.number().int().min(0),
      converted_visitors: z.number().int().min(0),
      visitor_conversion_rate: z.number().min(0).max(1),
      /**
       * Extension: for the `revenue` goal the revenue per visitor (the test's currency), for
       * `session_time` a visitor's mean session time in seconds, averaged over the variant's visitors;
       * null for the other goals, which a visitor reaches or not.
       */
      value_per_visitor: z.number().nullable(),
      stats: variantStats.nullable(),
    }),
  ),
  /** The test's call, a summary of `decision` (its sample-ratio check, winner, days to its plan and sentence). */
  stats: z.object({
    sample_ratio_p_value: z.number().nullable(),
    sample_ratio_mismatch: z.boolean(),
    winner: z.string().nullable(),
    can_call_winner: z.boolean(),
    planned_visitors_per_variant: z.number().int().nullable(),
    estimated_days_to_call: z.number().nullable(),
    verdict: z.string(),
  }),
  /**
   * Whether the counted sessions look forged: how they spread over client addresses (compared as
   * keyed hashes, never stored addresses), the sessions from heavy addresses and in bursts, and a
   * warning to show when `looks_forged`, which also withholds a call (docs/experiments.md, "Traffic
   * check"). Optional: older servers omit it.
   */
  decision: experimentDecision,
  traffic_check: z
    .object({
      top_client_sessions: z.number().int().min(0),
      top_client_share: z.number().min(0).max(1),
      addresses: z.number().int().min(0),
      heavy_client_share: z.number().min(0).max(1),
      burst_sessions: z.number().int().min(0),
      looks_forged: z.boolean(),
      warning: z.string().nullable(),
    })
    .optional(),
});
export const updateExperimentResponse = z.object({
  experiment_id: z.string(),
  name: z.string(),
  status: z.enum(experimentStatuses),
  auto_stop_days: z.number().int().nullable(),
});
export const stopExperimentResponse = z.object({
  experiment_id: z.string(),
  status: z.literal('complete'),
  stopped_at: stamp,
  reason: z.string(),
});

export type ExperimentDetail = z.infer<typeof experimentDetailResponse>;

/** `GET /api/tracker/config?property=ID`: the active tests of a property, as the page script needs them. */
export const trackerConfigParams = z.object({ property: propertyId });
export const trackerConfigResponse = z.object({
  experiments: z.array(
    z.object({
      id: z.string(),
      page: z.string(),
      type: z.enum(experimentTypes),
      /** Index = the exposure's `variant`. The control (0) is always `{changes: []}`: the page as it is, never a redirect. */
      variants: z.array(z.union([z.object({ changes: z.array(storedChange) }), z.object({ url: z.string() })])),
    }),
  ),
});
export type TrackerConfig = z.infer<typeof trackerConfigResponse>;
export type TrackerExperiment = TrackerConfig['experiments'][number];
