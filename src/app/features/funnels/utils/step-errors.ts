import { funnelSteps, type FunnelStep } from '../../../../contract/funnels.js';
import type { StepValue } from './funnel-search.js';

export interface StepCheck {
  /** The steps as the API takes them, when every one passes the contract's schema. */
  steps: FunnelStep[] | null;
  /** Message per step index, in words. */
  errors: Record<number, string>;
}

/**
 * Checks the builder's steps with the same zod schema the server validates `steps` with: a path as
 * typed, a goal by id. With the property's goal ids (`goalIds`, once loaded), a goal step whose goal
 * is gone (deleted since a funnel was saved with it) is refused here rather than by the server.
 */
export function checkSteps(values: StepValue[], goalIds?: Set<string>): StepCheck {
  const parsed = funnelSteps.safeParse(values.map((v) => (typeof v === 'string' ? { page: v } : { goal: v.goal })));
  const errors: Record<number, string> = {};
  values.forEach((v, i) => {
    if (typeof v !== 'string' && v.goal !== '' && goalIds && !goalIds.has(v.goal))
      errors[i] = 'This goal no longer exists: pick another one.';
  });
  if (parsed.success && Object.keys(errors).length === 0) return { steps: parsed.data, errors: {} };
  for (const issue of parsed.error?.issues ?? []) {
    const index = issue.path[0];
    if (typeof index !== 'number' || errors[index]) continue;
    const v = values[index];
    errors[index] =
      typeof v !== 'string'
        ? 'Pick one of your goals.'
        : v === ''
          ? 'Enter a page path, e.g. /pricing.'
          : issue.code === 'too_big'
            ? 'Keep the path under 1,024 characters.'
            : `Use ${issue.message}.`;
  }
  return { steps: null, errors };
}

/** The step an API error's `field` names (`steps.2.page` → 2), or null when it names none. */
export function stepOfField(field: string | undefined): number | null {
  const match = /^steps\.(\d+)(\.|$)/.exec(field ?? '');
  return match ? Number(match[1]) : null;
}
