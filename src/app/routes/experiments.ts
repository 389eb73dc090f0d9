import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { experimentsSearch } from '../features/experiments/components/experiments-search.js';
import { rootRoute } from './root.js';

export const experimentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/experiments',
  validateSearch: experimentsSearch,
  component: lazyRouteComponent(
    () => import('../features/experiments/components/experiments-page.js'),
    'ExperimentsPage',
  ),
});
