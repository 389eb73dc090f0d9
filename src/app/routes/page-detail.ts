import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { pageDetailSearch } from '../features/pages/page-detail-search.js';
import { rootRoute } from './root.js';
import {
  clickDetailsQueryOptions,
  formDetailsQueryOptions,
  pageDetailsQueryOptions,
} from '../features/pages/api/pages-queries.js';
import { prefetchView } from '../lib/prefetch-view.js';

export const pageDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/detail',
  // The page is part of the link (`?path=/pricing`), so a shared detail view opens on the same page.
  validateSearch: pageDetailSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    prefetchView(queryClient, deps, (scope, view) => {
      const path = deps.path;
      if (!path) return;
      void queryClient.prefetchQuery(pageDetailsQueryOptions(scope, view.range, path));
      if (view.previous) void queryClient.prefetchQuery(pageDetailsQueryOptions(scope, view.previous, path));
      void queryClient.prefetchQuery(clickDetailsQueryOptions(scope, view.range, path, view.granularity));
      void queryClient.prefetchQuery(formDetailsQueryOptions(scope, view.range, path, view.granularity));
    }),
  component: lazyRouteComponent(() => import('../features/pages/components/page-detail-page.js'), 'PageDetailPage'),
});
