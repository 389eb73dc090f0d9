import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';
import { fetchClicks } from '../features/clicks/api/clicks-query.js';
import { interactionsBreakdownQueryOptions } from '../lib/interactions-breakdown-query.js';
import { interactionsSearch } from '../lib/interactions-search.js';
import { prefetchView } from '../lib/prefetch-view.js';

export const clicksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clicks',
  // Per page or all pages ("group") is part of the view a link reproduces.
  validateSearch: interactionsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    prefetchView(queryClient, deps, (scope, view) => {
      void queryClient.prefetchQuery(
        interactionsBreakdownQueryOptions(scope, 'clicks', fetchClicks, view.range, view.granularity, deps.group),
      );
      if (view.previous)
        void queryClient.prefetchQuery(
          interactionsBreakdownQueryOptions(scope, 'clicks', fetchClicks, view.previous, view.granularity, deps.group),
        );
    }),
  component: lazyRouteComponent(() => import('../features/clicks/components/clicks-page.js'), 'ClicksPage'),
});
