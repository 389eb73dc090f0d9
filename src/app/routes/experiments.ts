import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const experimentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/experiments',
  component: lazyRouteComponent(() => import('../features/experiments/components/experiments-page.js'), 'ExperimentsPage'),
});
