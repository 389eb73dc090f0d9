import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { prefetchTraffic } from '../features/traffic/api/prefetch-traffic.js';
import { rootRoute } from './root.js';

// The page (and recharts with it) is its own chunk, fetched when the route is first shown; the loader
// starts the page's reads at the same moment.
export const trafficRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/traffic',
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchTraffic(context.queryClient, deps),
  component: lazyRouteComponent(() => import('../features/traffic/components/traffic-page.js'), 'TrafficPage'),
});
