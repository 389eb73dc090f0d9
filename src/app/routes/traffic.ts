import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

// The page (and recharts with it) is its own chunk, fetched when the route is first shown.
export const trafficRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/traffic',
  component: lazyRouteComponent(() => import('../features/traffic/components/traffic-page.js'), 'TrafficPage'),
});
