import { wildcardRegex, type Filter } from '../../contract/filters.js';
import type { GoalRecord } from './store.js';

/** A `goal` filter as the goals it names, and whether it keeps the sessions that reached none of them. */
export interface GoalFilterSet {
  goals: GoalRecord[];
  negate: boolean;
}

function names(f: Filter, goal: GoalRecord): boolean {
  const values = f.values.filter((v): v is string => v !== null);
  switch (f.op) {
    case 'is':
    case 'is_not':
      return values.includes(goal.name);
    case 'contains':
    case 'not_contains':
      return values.some((v) => goal.name.toLowerCase().includes(v.toLowerCase()));
    case 'matches':
      return values.some((v) => new RegExp(wildcardRegex(v), 'u').test(goal.name));
  }
}

/**
 * Each `goal` filter of the scope resolved against the properties' goals (docs/decisions.md
 * "Filters"): the stores then keep the sessions with a conversion on any of `goals`, or, negated,
 * those with none. A filter that names no goal keeps nothing (negated: everything).
 */
export function goalFilterSets(filters: Filter[] | undefined, goals: GoalRecord[] | undefined): GoalFilterSet[] {
  return (filters ?? [])
    .filter((f) => f.dimension === 'goal')
    .map((f) => ({
      goals: (goals ?? []).filter((g) => names(f, g)),
      negate: f.op === 'is_not' || f.op === 'not_contains',
    }));
}
