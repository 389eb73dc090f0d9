import type { ExperimentRecord, GoalRecord } from './store.js';

/**
 * A `goal` test's goal as both stores' goal SQL reads a goal: the definition the test kept when it was
 * created (so a later change to the property's goals changes none of its figures), of the test's own
 * property. Null for the other goals, and for a goal test without one (it then converts nothing).
 */
export function experimentGoalRecord(e: ExperimentRecord): GoalRecord | null {
  if (e.goal !== 'goal' || !e.goal_definition) return null;
  return { ...e.goal_definition, id: e.goal_target ?? '', property_id: e.property_id, created_at: e.created_at };
}
