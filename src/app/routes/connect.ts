import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const connectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/connect',
  component: lazyRouteComponent(() => import('../features/connect/components/connect-page.js'), 'ConnectPage'),
});
