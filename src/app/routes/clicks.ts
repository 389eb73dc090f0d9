import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const clicksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clicks',
  component: lazyRouteComponent(() => import('../features/clicks/components/clicks-page.js'), 'ClicksPage'),
});
