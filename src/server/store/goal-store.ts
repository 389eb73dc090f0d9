import type { GoalKind } from '../../contract/goals.js';
import type { Scope } from './report-store.js';

/**
 * A goal (docs/decisions.md "Goals"): `page` is the pattern of a page goal, or narrows a click or form
 * goal to matching pages; `event` names a custom event; `target` a clicked element or a form;
 * `source` a form's source. Fields a kind does not use are null.
 */
export interface GoalRecord {
  id: string;
  property_id: string;
  name: string;
  kind: GoalKind;
  page: string | null;
  event: string | null;
  target: string | null;
  source: string | null;
  created_at: Date;
}
/** One goal's figures in a scope: converting visitors, matching events, and converting sessions' revenue per currency. */
export interface GoalFigures {
  visitors: number;
  conversions: number;
  revenue: { currency: string; amount: number }[];
}

/** A property's goals, and their figures in a scope (docs/decisions.md "Goals"). */
export interface GoalStore {
  /** Oldest first. */
  listGoals(propertyId: string): Promise<GoalRecord[]>;
  createGoal(g: GoalRecord): Promise<void>;
  /** False when the property has no such goal. */
  deleteGoal(propertyId: string, id: string): Promise<boolean>;
  /** Each goal's figures in the scope (filters included), in the order given. */
  goalFigures(s: Scope, goals: GoalRecord[]): Promise<GoalFigures[]>;
}
