import type { Filter } from '../../contract/filters.js';
import type { GoalRecord } from './store.js';
import { wildcardMatcher } from './wildcard-match.js';

/** A `goal` filter as the goals it names, and whether it keeps the sessions that reached none of them. */
export interface GoalFilterSet {
  goals: GoalRecord[];
  negate: boolean;
}

/** Whether a goal is one the filter names, by its name. */
function namer(f: Filter): (goal: GoalRecord) => boolean {
  const values = f.values.filter((v): v is string => v !== null);
  switch (f.op) {
    case 'is':
    case 'is_not':
      return (goal) => values.includes(goal.name);
    case 'contains':
    case 'not_contains': {
      const lower = values.map((v) => v.toLowerCase());
      return (goal) => lower.some((v) => goal.name.toLowerCase().includes(v));
    }
    case 'matches': {
      const matchers = values.map(wildcardMatcher);
      return (goal) => matchers.some((m) => m(goal.name));
    }
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
      goals: (goals ?? []).filter(namer(f)),
      negate: f.op === 'is_not' || f.op === 'not_contains',
    }));
}
