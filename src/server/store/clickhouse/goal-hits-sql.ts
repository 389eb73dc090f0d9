import type { GoalRecord, Scope } from '../store.js';
import type { ChParams } from './clickhouse-db.js';
import { goalCondition, goalEventTypes } from './goal-conditions.js';

/**
 * An event row's `hits`: the 1-based places of the goals it matches, and the event types that can
 * match any (`types`). A row is tested only against the goals of its own type (one multiIf branch per
 * type, evaluated on that type's rows alone), so a hundred goals cost each row the few of its kind,
 * not a hundred tests. Goals of properties outside the scope match nothing. Goal i's values are bound
 * as `{g<i+1>_…}`. The Goals report and funnels' goal steps both match events by this.
 */
export function goalHitsSql(goals: GoalRecord[], s: Scope, params: ChParams): { hits: string; types: string[] } {
  const byType = new Map<string, string[]>();
  goals.forEach((g, i) => {
    if (!s.propertyIds.includes(g.property_id)) return;
    const type = goalEventTypes[g.kind];
    // In a scope of several properties a goal counts only its own property's events.
    const condition = goalCondition(g, `g${i + 1}`, params, { ownProperty: s.propertyIds.length > 1 });
    byType.set(type, [...(byType.get(type) ?? []), `if(${condition}, ${i + 1}, 0)`]);
  });
  const branches = [...byType].map(
    ([type, tests]) => `type = '${type}', arrayFilter(h -> h != 0, [${tests.join(', ')}])`,
  );
  return {
    hits: branches.length ? `multiIf(${branches.join(', ')}, CAST([], 'Array(UInt8)'))` : `CAST([], 'Array(UInt8)')`,
    types: [...byType.keys()],
  };
}
