import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const experimentDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/experiments/$experimentId',
  component: lazyRouteComponent(
    () => import('../features/experiments/components/experiment-detail-page.js'),
    'ExperimentDetailPage',
  ),
});
