import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { aggregateSearch } from '../features/aggregate/aggregate-search.js';
import { rootRoute } from './root.js';

export const aggregateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/aggregate',
  // The picked properties belong in a shared link, like the range above them.
  validateSearch: aggregateSearch,
  component: lazyRouteComponent(() => import('../features/aggregate/components/aggregate-page.js'), 'AggregatePage'),
});
