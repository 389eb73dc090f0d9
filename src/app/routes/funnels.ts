import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const funnelsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/funnels',
  component: lazyRouteComponent(() => import('../features/funnels/components/funnels-page.js'), 'FunnelsPage'),
});
