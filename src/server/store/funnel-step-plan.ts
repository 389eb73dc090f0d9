import { GOAL_NODE_PREFIX } from '../../contract/funnels.js';
import type { FunnelStepTarget, GoalRecord } from './store.js';

/**
 * A funnel's steps as both stores count them: each step is bit k-1 of a mask (step k), and an event
 * carries the bits of every step it is. With goal steps (docs/decisions.md "Funnels") the pages and
 * the goals are matched apart and their bits ORed per event.
 */

/** The steps' pages when every step is a page (such a funnel runs the SQL it ran before goal steps), else null. */
export function pagesOnly(steps: FunnelStepTarget[]): string[] | null {
  return steps.every((s): s is string => typeof s === 'string') ? steps : null;
}

/** The page steps' distinct paths, each with the bits of every step it is. */
export function pageStepMasks(steps: FunnelStepTarget[]): { paths: string[]; masks: number[] } {
  const byPath = new Map<string, number>();
  steps.forEach((s, i) => {
    if (typeof s === 'string') byPath.set(s, (byPath.get(s) ?? 0) | (2 ** i));
  });
  return { paths: [...byPath.keys()], masks: [...byPath.values()] };
}

/** The goals the steps name, each once (in step order), with the bits of every step it is. */
export function goalStepMasks(steps: FunnelStepTarget[]): { goals: GoalRecord[]; masks: number[] } {
  const byId = new Map<string, { goal: GoalRecord; mask: number }>();
  steps.forEach((s, i) => {
    if (typeof s === 'string') return;
    const entry = byId.get(s.id) ?? { goal: s, mask: 0 };
    entry.mask |= 2 ** i;
    byId.set(s.id, entry);
  });
  return { goals: [...byId.values()].map((e) => e.goal), masks: [...byId.values()].map((e) => e.mask) };
}

/** A sankey node for an event converting these goals (one, or several at once): "Goal: Signup". */
export function goalNodeName(goals: GoalRecord[]): string {
  return `${GOAL_NODE_PREFIX}${goals.map((g) => g.name).join(' + ')}`;
}

/** The goals of a set of `goals` (bit i for goal i), as the stores name a goal event's node. */
export function goalsOfSet(goals: GoalRecord[], set: number): GoalRecord[] {
  return goals.filter((_, i) => Math.floor(set / 2 ** i) % 2 === 1);
}
