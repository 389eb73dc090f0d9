import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { funnelSearch } from '../features/funnels/utils/funnel-search.js';
import { rootRoute } from './root.js';

// The funnel (steps, mode, breakdown) is in the URL, so a link reproduces it; bad values fall back.
export const funnelsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/funnels',
  validateSearch: funnelSearch,
  component: lazyRouteComponent(() => import('../features/funnels/components/funnels-page.js'), 'FunnelsPage'),
});
