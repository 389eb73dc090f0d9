import type { Path } from 'react-hook-form';
import type { WizardValues } from './wizard-form.js';

interface WizardStep {
  /** How the step reads in the URL (`?step=goal`). */
  slug: string;
  /** Its name on screen (the progress list, the heading, "Go to …"). */
  title: string;
  /** The request and form fields it holds, by the first part of their path (`variants` for `variants.1.url`): a refused one sends the person back here. */
  holds: readonly string[];
  /** The form fields Next checks before leaving it. */
  checks: readonly Path<WizardValues>[];
}

/**
 * The wizard's steps in order: the one table to edit to add, drop or move a step (its inputs go in
 * wizard-step-body.tsx). Only type imports here, so the route can validate `?step=` without pulling
 * the wizard into the main bundle.
 */
const steps = [
  { slug: 'page', title: 'Page', holds: ['page'], checks: ['page'] },
  { slug: 'recommendations', title: 'Recommendations', holds: [], checks: [] },
  { slug: 'changes', title: 'Changes', holds: ['type', 'variants'], checks: ['type', 'variants'] },
  {
    slug: 'goal',
    title: 'Goal and plan',
    holds: [
      'goal',
      'goal_target',
      'currency',
      'auto_stop',
      'auto_stop_days',
      'minimum_detectable_effect',
      'min_days',
      'metrics',
    ],
    checks: ['goal', 'goal_target', 'auto_stop_days', 'minimum_detectable_effect', 'min_days', 'metrics'],
  },
  { slug: 'review', title: 'Review', holds: ['name'], checks: ['name'] },
] as const satisfies readonly WizardStep[];

export const WIZARD_STEPS: readonly WizardStep[] = steps;
export type WizardStepSlug = (typeof steps)[number]['slug'];
export const WIZARD_STEP_SLUGS = steps.map((s) => s.slug) as readonly WizardStepSlug[] as readonly [
  WizardStepSlug,
  ...WizardStepSlug[],
];
/** Each step's number by its slug (`STEP.goal`), for code that names a step. */
export const STEP = Object.fromEntries(steps.map((s, i) => [s.slug, i])) as Record<WizardStepSlug, number>;
