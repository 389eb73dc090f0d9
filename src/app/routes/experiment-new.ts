import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const experimentNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/experiments/new',
  component: lazyRouteComponent(() => import('../features/experiments/components/experiment-wizard-page.js'), 'ExperimentWizardPage'),
});
