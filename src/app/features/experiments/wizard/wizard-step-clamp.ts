import { createExperimentBody } from '../../../../contract/experiments.js';
import { stepOfField } from './wizard-field-paths.js';
import { toCreateBody, type WizardValues } from './wizard-form.js';
import { STEP, WIZARD_STEP_SLUGS, type WizardStepSlug } from './wizard-steps.js';

/** The step a `?step=` names; none (or one the route's `.catch()` dropped) is the first. */
export const stepOfSlug = (slug: WizardStepSlug | undefined): number =>
  slug === undefined ? STEP.page : WIZARD_STEP_SLUGS.indexOf(slug);
export const slugOfStep = (step: number): WizardStepSlug => WIZARD_STEP_SLUGS[step] ?? 'page';

/**
 * The furthest step the values allow: the step of the earliest field the contract refuses (the
 * person has to fix it there before Next lets them on), else the review. The contract's refinements
 * (a redirect to the page itself, a missing goal target) run beside the field errors, so one parse
 * finds them all. The review's own field (the name) can only hold the person at the review.
 */
export function furthestStep(values: WizardValues): number {
  const parsed = createExperimentBody.safeParse(toCreateBody(values));
  if (parsed.success) return STEP.review;
  return Math.min(STEP.review, ...parsed.error.issues.map((issue) => stepOfField(issue.path.join('.'))));
}

/** The step to show for a requested one: never past what the values allow, so a URL cannot skip a check. */
export const clampStep = (requested: number, values: WizardValues): number =>
  Math.max(STEP.page, Math.min(requested, furthestStep(values)));
