import type { z } from 'zod';
import {
  DEFAULT_GOAL,
  DEFAULT_SESSION_TIME_SECONDS,
  type CreateExperimentBody,
  type experimentListResponse,
  type experimentResponse,
} from '../../contract/experiments.js';
import { randomId } from '../auth/api-keys.js';
import { goalToApi } from '../routes/goal-routes.js';
import type { ExperimentGoal, ExperimentRecord, ExperimentVariant, GoalRecord } from '../store/store.js';

export const CONTROL_LABEL = 'Control';
/** Unlabelled variants are named by letter after the control (A): `Variant B`, `Variant C`, … */
export const defaultLabel = (index: number) => `Variant ${String.fromCharCode(65 + index)}`;

/** What a `goal` test keeps of its goal: everything that decides what converts, and the name it is shown by. */
export const experimentGoalOf = ({ name, kind, page, event, target, source }: GoalRecord): ExperimentGoal => ({
  name,
  kind,
  page,
  event,
  target,
  source,
});

/**
 * A new, active test: the control (the page as it is) becomes variant 0, the requested ones follow.
 * A `goal` test, and each `goal` metric, keeps the property goal its `goal_target` names, as it is now
 * (the create route has checked that `propertyGoals` holds it).
 */
export function newExperiment(
  propertyId: string,
  body: CreateExperimentBody,
  now: Date,
  propertyGoals: GoalRecord[] = [],
): ExperimentRecord {
  const definition = (goal: string, target: string | null | undefined) => {
    const found = goal === 'goal' ? propertyGoals.find((g) => g.id === target) : undefined;
    return found ? { goal_definition: experimentGoalOf(found) } : {};
  };
  const requested: ExperimentVariant[] =
    body.type === 'nocode'
      ? body.variants.map((v, i) => ({ label: v.label ?? defaultLabel(i + 1), changes: v.changes }))
      : body.variants.map((v, i) => ({ label: v.label ?? defaultLabel(i + 1), changes: [], url: v.url }));
  const goal = body.goal ?? DEFAULT_GOAL;
  return {
    id: randomId('exp'),
    property_id: propertyId,
    name: body.name,
    page: body.page,
    type: body.type,
    goal,
    // Kept explicit, so a response always says what is being counted.
    goal_target: body.goal_target ?? (goal === 'session_time' ? String(DEFAULT_SESSION_TIME_SECONDS) : null),
    ...definition(goal, body.goal_target),
    auto_stop_days: body.auto_stop_days ?? null,
    ...(body.currency ? { currency: body.currency } : {}),
    ...(body.minimum_detectable_effect !== undefined || body.min_days !== undefined
      ? {
          plan_settings: {
            ...(body.minimum_detectable_effect !== undefined
              ? { minimum_detectable_effect: body.minimum_detectable_effect }
              : {}),
            ...(body.min_days !== undefined ? { min_days: body.min_days } : {}),
          },
        }
      : {}),
    ...(body.metrics?.length
      ? {
          metrics: body.metrics.map((m) => ({
            goal: m.goal,
            goal_target: m.goal_target ?? (m.goal === 'session_time' ? String(DEFAULT_SESSION_TIME_SECONDS) : null),
            role: m.role ?? 'secondary',
            ...definition(m.goal, m.goal_target),
          })),
        }
      : {}),
    status: 'active',
    created_at: now,
    stopped_at: null,
    reason: null,
    variants: [{ label: CONTROL_LABEL, changes: [] }, ...requested],
  };
}

export const variantView = (v: ExperimentVariant, i: number) => ({
  label: v.label,
  is_control: i === 0,
  changes: v.changes,
  ...(v.url !== undefined ? { url: v.url } : {}),
});

/** A kept goal as the goals list shows it, without its id and time (a test's own goal, or a metric's). */
function definitionView(e: ExperimentRecord, kept: ExperimentGoal, id: string | null) {
  const {
    id: _id,
    created_at: _at,
    ...definition
  } = goalToApi({ ...kept, id: id ?? '', property_id: e.property_id, created_at: e.created_at });
  return definition;
}

/** A `goal` test's goal as the goals list shows it; nothing for the other goals. */
function goalDefinitionView(e: ExperimentRecord): Pick<z.infer<typeof experimentResponse>, 'goal_definition'> {
  return e.goal_definition ? { goal_definition: definitionView(e, e.goal_definition, e.goal_target) } : {};
}

/** The create response. */
export function experimentView(e: ExperimentRecord): z.infer<typeof experimentResponse> {
  return {
    experiment_id: e.id,
    name: e.name,
    page: e.page,
    type: e.type,
    status: e.status,
    goal: e.goal,
    goal_target: e.goal_target,
    ...goalDefinitionView(e),
    created_at: e.created_at.toISOString(),
    auto_stop_days: e.auto_stop_days,
    currency: e.currency ?? null,
    metrics: (e.metrics ?? []).map((m) => ({
      goal: m.goal,
      goal_target: m.goal_target,
      role: m.role,
      ...(m.goal_definition ? { goal_definition: definitionView(e, m.goal_definition, m.goal_target) } : {}),
    })),
    variants: e.variants.map(variantView),
  };
}

export function listItem(e: ExperimentRecord): z.infer<typeof experimentListResponse>['data'][number] {
  return {
    experiment_id: e.id,
    name: e.name,
    page: e.page,
    status: e.status,
    goal: e.goal,
    created_at: e.created_at.toISOString(),
    variant_count: e.variants.length,
    // Only an archived test says so: every other one answers exactly as before archiving existed.
    ...(e.archived_at ? { archived_at: e.archived_at.toISOString() } : {}),
  };
}
