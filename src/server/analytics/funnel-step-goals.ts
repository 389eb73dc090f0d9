import type { FunnelStep } from '../../contract/funnels.js';
import { ApiError } from '../api-error.js';
import type { FunnelStepTarget, GoalRecord, Store } from '../store/store.js';

/**
 * The steps as the stores read them: a page step's path, a goal step's goal. An id that is no goal
 * of the properties is a 400 naming `steps.N.goal` (`where`: the query or the body that sent it).
 * The goals are read only when a step names one; `known` are goals already loaded for this request.
 */
export async function stepTargets(
  store: Store,
  propertyIds: string[],
  steps: FunnelStep[],
  where: 'query' | 'body',
  known?: GoalRecord[],
): Promise<FunnelStepTarget[]> {
  if (steps.every((s) => s.goal === undefined)) return steps.map((s) => s.page!);
  const goals = known ?? (await Promise.all(propertyIds.map((id) => store.listGoals(id)))).flat();
  const byId = new Map(goals.map((g) => [g.id, g]));
  return steps.map((s, i) => {
    if (s.goal === undefined) return s.page;
    const goal = byId.get(s.goal);
    if (!goal)
      throw new ApiError(400, 'invalid_request', `steps.${i}.goal: no goal "${s.goal}" in this property`, {
        field: `steps.${i}.goal`,
        in: where,
      });
    return goal;
  });
}

/** A step of the funnel's answer: a page step as the seed answers it, a goal step by its goal's id and name. */
export function stepOfAnswer(target: FunnelStepTarget): { page: string } | { goal: string; name: string } {
  return typeof target === 'string' ? { page: target } : { goal: target.id, name: target.name };
}
