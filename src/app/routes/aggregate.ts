import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const aggregateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/aggregate',
  component: lazyRouteComponent(() => import('../features/aggregate/components/aggregate-page.js'), 'AggregatePage'),
});
