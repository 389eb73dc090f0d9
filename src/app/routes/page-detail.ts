import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { pageDetailSearch } from '../features/pages/page-detail-search.js';
import { rootRoute } from './root.js';

export const pageDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/detail',
  // The page is part of the link (`?path=/pricing`), so a shared detail view opens on the same page.
  validateSearch: pageDetailSearch,
  component: lazyRouteComponent(() => import('../features/pages/components/page-detail-page.js'), 'PageDetailPage'),
});
