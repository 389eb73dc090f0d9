import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const apiAccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/api-access',
  component: lazyRouteComponent(() => import('../features/api-keys/components/api-access-page.js'), 'ApiAccessPage'),
});
