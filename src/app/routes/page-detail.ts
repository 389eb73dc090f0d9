import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const pageDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/detail',
  component: lazyRouteComponent(() => import('../features/pages/components/page-detail-page.js'), 'PageDetailPage'),
});
