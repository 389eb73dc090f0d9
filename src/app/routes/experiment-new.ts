import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { pagePath } from '../../contract/common.js';
import { rootRoute } from './root.js';

/** `?page=/pricing` (from the Pages report) starts the wizard on that page; a bad value is dropped. */
export const experimentNewSearch = z.object({ page: pagePath.optional().catch(undefined) });

export const experimentNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/experiments/new',
  validateSearch: experimentNewSearch,
  component: lazyRouteComponent(() => import('../features/experiments/components/experiment-wizard-page.js'), 'ExperimentWizardPage'),
});
