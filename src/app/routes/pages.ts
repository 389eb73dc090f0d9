import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';
import { pagesBreakdownQuery } from '../features/pages/api/pages-queries.js';
import { prefetchView } from '../lib/prefetch-view.js';

export const pagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages',
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    prefetchView(queryClient, deps, (scope, view) => void queryClient.prefetchQuery(pagesBreakdownQuery(scope, view.range))),
  component: lazyRouteComponent(() => import('../features/pages/components/pages-page.js'), 'PagesPage'),
});
