import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';
import { pagesBreakdownQueryOptions } from '../features/pages/api/pages-queries.js';
import { prefetchView } from '../lib/prefetch-view.js';
import { pagesSearch } from '../features/pages/pages-search.js';

export const pagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages',
  // The table's order is part of the view a link reproduces.
  validateSearch: pagesSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    prefetchView(
      queryClient,
      deps,
      (scope, view) => void queryClient.prefetchQuery(pagesBreakdownQueryOptions(scope, view.range)),
    ),
  component: lazyRouteComponent(() => import('../features/pages/components/pages-page.js'), 'PagesPage'),
});
