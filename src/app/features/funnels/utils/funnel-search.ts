import { z } from 'zod';
import { MAX_FUNNEL_STEPS, funnelDimensions, funnelModes } from '../../../../contract/funnels.js';

/** A step as the URL and the builder keep it: a path as typed, or one of the property's goals by id ('' until one is picked). */
export type StepValue = string | { goal: string };

const isGoalStep = (s: unknown): s is { goal: string } =>
  typeof s === 'object' && s !== null && typeof (s as { goal?: unknown }).goal === 'string';

// Steps are kept as typed (even half-typed), so a reload or a shared link shows the builder as it was;
// the API only sees them once they pass the contract's own step schema.
const stepsParam = z
  .unknown()
  .transform((raw): StepValue[] => {
    // The router parses `?steps=/pricing` (not JSON) as a plain string: take it as one step.
    const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
    return list
      .flatMap((s): StepValue[] =>
        typeof s === 'string' ? [s.slice(0, 1024)] : isGoalStep(s) ? [{ goal: s.goal.slice(0, 64) }] : [],
      )
      .slice(0, MAX_FUNNEL_STEPS);
  })
  .catch([]);

/** The funnel's part of the URL; each field falls back on its own, like the dashboard's own search. */
export const funnelSearch = z.object({
  steps: stepsParam,
  mode: z.enum(funnelModes).default('unbounded').catch('unbounded'),
  breakdownBy: z.enum(funnelDimensions).optional().catch(undefined),
});

export type FunnelSearch = z.infer<typeof funnelSearch>;
export type { FunnelDimension, FunnelMode } from '../../../../contract/funnels.js';

/** The URL form of a builder: an untouched builder (one empty page step) leaves `steps` out. */
export const stepsForUrl = (steps: StepValue[]): StepValue[] | undefined =>
  steps.every((s) => s === '') ? undefined : steps;

/** A saved or checked funnel's steps as the builder keeps them. */
export const stepValues = (steps: { page?: string; goal?: string }[]): StepValue[] =>
  steps.map((s) => (s.goal !== undefined ? { goal: s.goal } : (s.page ?? '')));
