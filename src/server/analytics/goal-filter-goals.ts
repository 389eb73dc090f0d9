import type { Filter } from '../../contract/filters.js';
import type { GoalRecord, Store } from '../store/store.js';

/**
 * The properties' goals when the query filters by `goal`, else undefined. A name that is no goal of
 * these properties matches nothing, as an unknown country does: a dashboard link keeps its filters
 * when it moves to another property, and its reports must still answer.
 */
export async function goalsForFilters(
  store: Store,
  propertyIds: string[],
  filters: Filter[] | undefined,
): Promise<GoalRecord[] | undefined> {
  if (!(filters ?? []).some((f) => f.dimension === 'goal')) return undefined;
  return (await Promise.all(propertyIds.map((id) => store.listGoals(id)))).flat();
}
