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
    if (typeof s === 'string') byPath.set(s, (byPath.get(s) ?? 0) | 2 ** i);
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
