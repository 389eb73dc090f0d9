import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { pagePath } from '../../contract/common.js';
import { WIZARD_STEP_SLUGS } from '../features/experiments/wizard/wizard-steps.js';
import { rootRoute } from './root.js';

/**
 * `?page=/pricing` (from the Pages report) starts the wizard on that page; a bad value is dropped.
 * `?step=goal` is the step on screen, so a reload comes back to it; an unknown one falls back to the
 * first step, and the wizard holds one the form's values do not reach yet to the furthest they do.
 */
export const experimentNewSearch = z.object({
  page: pagePath.optional().catch(undefined),
  step: z.enum(WIZARD_STEP_SLUGS).optional().catch(undefined),
});

export const experimentNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/experiments/new',
  validateSearch: experimentNewSearch,
  component: lazyRouteComponent(
    () => import('../features/experiments/wizard/experiment-wizard-page.js'),
    'ExperimentWizardPage',
  ),
});
