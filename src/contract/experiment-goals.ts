import { z } from 'zod';
import { pagePath } from './common.js';

// What a split test measures: its goal, and the up to five more metrics it reports beside it.

/** `goal`: one of the property's goals (contract/goals.ts), named by its id in `goal_target`. */
export const goals = [
  'click_through',
  'form_submission',
  'bounce_rate',
  'session_time',
  'destination_page',
  'external_destination',
  'revenue',
  'goal',
] as const;
export type ExperimentGoalName = (typeof goals)[number];
export const DEFAULT_GOAL = 'click_through';

export const MAX_SESSION_TIME_SECONDS = 86_400;
export const DEFAULT_SESSION_TIME_SECONDS = 60;
/** A URL prefix names its scheme (`https://shop.example/checkout`); anything else must be a bare host. */
export const hasScheme = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);
const hostName = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** Why `goal_target` does not fit the goal, or null (whether a goal id exists is the create route's to say). */
function goalTargetProblem(goal: ExperimentGoalName, target: string): string | null {
  if (goal === 'session_time') {
    const seconds = /^\d{1,5}$/.test(target) ? Number(target) : NaN;
    return seconds >= 1 && seconds <= MAX_SESSION_TIME_SECONDS
      ? null
      : `whole seconds from 1 to ${MAX_SESSION_TIME_SECONDS} for the session_time goal`;
  }
  if (goal === 'external_destination') {
    return hasScheme(target) || hostName.test(target)
      ? null
      : 'a URL prefix with its scheme (https://…) or a host name for the external_destination goal';
  }
  if (goal === 'destination_page') return pagePath.safeParse(target).success ? null : 'a page path starting with /';
  if (goal === 'goal') return null;
  // A target the goal ignores would silently measure something else than the caller meant.
  return `not used by the ${goal} goal`;
}

/** The issues of a goal and its target, at `path` (the test's own goal, or one of its metrics). */
export function goalTargetIssues(
  goal: ExperimentGoalName,
  target: string | undefined,
  ctx: z.RefinementCtx,
  path: (string | number)[],
): void {
  if (target === undefined) {
    if (goal === 'destination_page' || goal === 'external_destination')
      ctx.addIssue({ code: 'custom', path, message: `required for the ${goal} goal` });
    if (goal === 'goal')
      ctx.addIssue({ code: 'custom', path, message: "choose one of the property's goals: its id (gol_…)" });
    return;
  }
  const problem = goalTargetProblem(goal, target);
  if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
}

export const MAX_METRICS = 5;
/**
 * `secondary`: reported beside the goal, never changes the call. `guardrail`: a metric the winner must
 * not hurt; a variant worse on it with confidence cannot be the one to ship (docs/experiments.md,
 * "More metrics and guardrails").
 */
export const metricRoles = ['secondary', 'guardrail'] as const;
/** Extension (issue 42 §5): one more metric a test reports, any of the goals a test can take. */
export const experimentMetricInput = z.object({
  goal: z.enum(goals),
  goal_target: z.string().min(1).max(2048).optional(),
  role: z.enum(metricRoles).optional(),
});
export type ExperimentMetricInput = z.infer<typeof experimentMetricInput>;

/** What a goal measures per visitor, as one key: two metrics with one key would compare the same thing twice. */
export const measuredKey = (goal: ExperimentGoalName, target: string | null | undefined) =>
  // A visitor's time is compared as its mean seconds whatever threshold the target names.
  goal === 'session_time' ? goal : `${goal}\u0000${target ?? ''}`;

/** Each metric's target fits its goal, and no metric repeats the test's goal or another metric. */
export function metricIssues(
  body: { goal?: ExperimentGoalName; goal_target?: string; metrics?: ExperimentMetricInput[] },
  ctx: z.RefinementCtx,
): void {
  const seen = new Set([measuredKey(body.goal ?? DEFAULT_GOAL, body.goal_target)]);
  (body.metrics ?? []).forEach((m, i) => {
    goalTargetIssues(m.goal, m.goal_target, ctx, ['metrics', i, 'goal_target']);
    const key = measuredKey(m.goal, m.goal_target);
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['metrics', i],
        message: 'already measured: the test’s goal or another of its metrics counts the same',
      });
    seen.add(key);
  });
}

/**
 * A goal as a per-visitor metric, in a marketer's words ("visitors who reached /thanks"): the name the
 * decision gives each more metric, here so the wizard's review says it in the same words.
 */
export function metricName(m: {
  goal: ExperimentGoalName;
  goal_target: string | null | undefined;
  goal_definition?: { name: string };
}): string {
  switch (m.goal) {
    case 'click_through':
      return 'visitors who clicked on the page';
    case 'form_submission':
      return 'visitors who sent a form';
    case 'bounce_rate':
      return 'visitors who did not bounce';
    case 'session_time':
      return 'time on site per visitor';
    case 'destination_page':
      return `visitors who reached ${m.goal_target}`;
    case 'external_destination':
      return `visitors who went on to ${m.goal_target}`;
    case 'revenue':
      return 'revenue per visitor';
    case 'goal':
      return `visitors who reached the goal “${m.goal_definition?.name ?? m.goal_target}”`;
  }
}
